"""Run by test_sdk_feed.py in another process: a verifier with the revocation feed on verifies one
token in a loop and reports when it is first refused.

    python feed_probe.py BASE_URL TENANT_ID SECRET_KEY TOKEN
prints "ready" once the feed has caught up and the token verifies, then "refused <unix time> <code>".
"""

from __future__ import annotations

import sys
import time

from identity_sdk import TokenError, TokenVerifier


def main() -> None:
    base_url, tenant_id, secret_key, token = sys.argv[1:5]
    verifier = TokenVerifier(base_url, tenant_id, revocation="feed", secret_key=secret_key)
    if not verifier.start(ready_timeout=20):
        print("feed not ready", verifier.feed.last_error if verifier.feed else None, flush=True)
        sys.exit(2)
    verifier.verify(token)
    print("ready", flush=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            verifier.verify(token)
        except TokenError as exc:
            print("refused", repr(time.time()), exc.code, flush=True)
            return
        time.sleep(0.005)
    print("never refused", flush=True)
    sys.exit(1)


if __name__ == "__main__":
    main()
