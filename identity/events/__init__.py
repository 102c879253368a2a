"""Webhook events: the catalogue and emit(), called in the transaction of the change."""
