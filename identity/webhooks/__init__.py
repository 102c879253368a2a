"""Signed webhooks (issue D): v1 endpoints, v2 administration, the emit() fan-out and the
delivery state machine. identity/wiring.py connects the fan-out to emit()."""
