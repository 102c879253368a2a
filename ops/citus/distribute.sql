-- Distribution of the identity schema on Citus, by tenant_id (docs/scaling.md, "Citus").
-- Run once on the coordinator after `identity migrate` has created the tables (on an empty or
-- small database: create_distributed_table copies existing rows). NOT tested against Citus:
-- tests/test_ops.py checks only that every table of sql/*.sql is named here exactly once.
--
-- Local on the coordinator (not distributed): schema_migrations, procrastinate_* (the job
-- queue: LISTEN/NOTIFY, SKIP LOCKED, its own functions and triggers).
--
-- sql/013's NOTIFY triggers on api_keys and tenants (the credential caches' invalidation) and
-- sql/015's on users (the /me cache's) are not tables and need no line here, but on Citus they
-- fire on the worker nodes: docs/scaling.md.

-- Reference tables: small, no tenant_id, read on every request, replicated to every node.
SELECT create_reference_table('tenants');       -- the distribution root: every tenant-owned table references it
SELECT create_reference_table('master_keys');
SELECT create_reference_table('signing_keys');
SELECT create_reference_table('admin_webhooks');  -- service-wide, tenant_id optional (NULL: every tenant)

-- Tenant-owned tables: hash-distributed on tenant_id, all in one colocation group, so that a
-- tenant's rows of every table live on the same node and joins/foreign keys stay local.
-- Parents before children (a foreign key between distributed tables needs both distributed).
SELECT create_distributed_table('users',            'tenant_id', shard_count => 32);
SELECT create_distributed_table('sessions',         'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('refresh_tokens',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('refresh_replies',  'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('one_time_tokens',  'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('mfa_factors',      'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('mfa_backup_codes', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('mfa_challenges',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('api_keys',         'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('idempotency_keys', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('audit_log',        'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('events',           'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('outbox',           'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('email_configs',    'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('email_templates',  'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('email_messages',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('webhook_endpoints',  'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('webhook_deliveries', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('webhook_attempts',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_clients',          'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_consents',         'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_browser_sessions', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_grants',           'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_codes',            'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_refresh_tokens',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_machine_grants',   'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_client_assertions', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('organizations',      'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('memberships',        'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('invitations',        'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_connections',      'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_identities',       'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_connection_flows', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('oauth_tickets',          'tenant_id', colocate_with => 'users');
-- sql/009: the users table's maintained counts (triggers on users write them, in the same shard's
-- transaction) and failed sign-ins per hour.
SELECT create_distributed_table('user_counts',      'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('sign_in_failures', 'tenant_id', colocate_with => 'users');
-- sql/024: the revocation feed, written by triggers on sessions, users and signing_keys; its
-- ordering reads the writing node's transaction ids (docs/scaling.md, "What was not checked").
SELECT create_distributed_table('revocations',      'tenant_id', colocate_with => 'users');
-- sql/025, 027, 028: the hosted pages' flows and text overrides, the passwordless sign-in codes
-- and passkey challenges, pending email changes: every one is looked up by tenant first.
SELECT create_distributed_table('hosted_flows',        'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('hosted_texts',        'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('email_sign_in_codes', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('passkey_challenges',  'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('email_changes',       'tenant_id', colocate_with => 'users');
