"""Sessions: records, their cache, and the /v1/sessions endpoints."""
