"""The audit log: one entry per state change, written in the change's transaction."""
