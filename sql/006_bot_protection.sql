-- The bot-protection provider's secret of a tenant, encrypted with the service's secret key.
-- The rest of the setting (enabled, provider, verify_url) lives in auth_config.bot_protection.
ALTER TABLE tenants ADD COLUMN bot_protection_secret text;
