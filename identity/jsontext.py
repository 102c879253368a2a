"""JSON text the service did not write itself (a provider's answer, a field a client sends as a
JSON string), decoded in one place. Python's decoder gives up on deep nesting with
RecursionError, which is not a ValueError: every caller's `except ValueError` missed it and the
request answered 500 with a traceback. Here it is a ValueError like any other undecodable text.
(Request bodies have their own bound: identity/http/validation.py.)"""

from __future__ import annotations

import json
from typing import Any


def loads(text: str | bytes) -> Any:
    """json.loads, raising ValueError (never RecursionError) for text it cannot decode."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
