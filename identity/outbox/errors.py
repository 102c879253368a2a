"""How an outbox handler says what kind of failure it met.

Any other exception is treated as transient: the row is retried on the policy's schedule
and becomes 'failed' after the last attempt.
"""

from __future__ import annotations


class Permanent(Exception):
    """Retrying cannot help (unknown template, invalid recipient, template that does not
    render, tenant gone): the row is 'abandoned' at once with this message as last_error."""
