"""The one state machine of queued side effects (outbox rows, webhook deliveries): claim under
a lease with attempt counting, fenced finish, retry on a schedule, restart, sweep of lost jobs
and expired leases, purge, and the backlog per tenant. docs/outbox.md."""
