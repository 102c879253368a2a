-- Per-tenant rate limits for enterprise tenants: {read_per_minute, write_per_minute,
-- auth_per_minute}; unset figures fall back to ten times the Pro plan.
ALTER TABLE tenants ADD COLUMN rate_limits jsonb;
