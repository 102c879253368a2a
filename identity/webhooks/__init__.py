"""Signed webhooks (issue D): v1 endpoints, v2 administration, the emit() fan-out and the
delivery state machine. Importing the package registers the fan-out with emit()."""

from identity.webhooks import fanout as _fanout

_fanout.register()
