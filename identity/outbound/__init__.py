"""Every outbound connection a tenant can aim (captcha verification, SMTP, social providers,
webhooks) and the operator's own (the SMS gateway, the SMTP relay) is opened here and nowhere
else (tests/test_outbound.py checks the rest of the code for clients of its own):

- addresses.py: the address policy and resolving a host once for it;
- http.py: URL rules, sessions pinned to vetted addresses, one-shot requests with bounded time
  and answer size, no redirects, no proxy, no cookies;
- smtp.py: one SMTP conversation over a socket connected to a vetted address;
- failures.py: failures described by the policy, never by the far end's bytes.

docs/outbound.md states the policy.
"""
