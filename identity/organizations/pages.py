"""The invitation page: where the invitation email links when no redirect_url was given
(docs/organizations.md, "Invitations"). It explains how to accept; it never accepts by itself (GET is safe, and mail
scanners open links). The template lives here, autoescaped, so it ships with the package."""

from __future__ import annotations

import functools

import jinja2

from identity.organizations.records import PageInvitationRecord

_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{{ title }}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f6f7f9; color: #1f2328; margin: 0; }
  main { max-width: 32rem; margin: 10vh auto; background: #fff; border-radius: 12px;
         padding: 2rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; color: {{ "#1f2328" if ok else "#cf222e" }}; }
  p, li { line-height: 1.5; }
  code { display: block; background: #f6f8fa; padding: .6rem; border-radius: 6px;
         word-break: break-all; font-size: .95rem; }
  .muted { color: #57606a; font-size: .9rem; }
</style>
</head>
<body>
<main>
  <h1>{{ title }}</h1>
  {% if outcome == "pending" %}
  <p>You have been invited to join <strong>{{ org_name }}</strong> on {{ app_name }} as
     <strong>{{ role }}</strong>.</p>
  <p>To accept:</p>
  <ol>
    <li>Open {{ app_name }} and sign in (or sign up) with <strong>{{ email }}</strong>, the address
        this invitation was sent to.</li>
    <li>Accept the invitation there. If the application asks for an invitation code, use this one:
        <code>{{ token }}</code></li>
  </ol>
  <p class="muted">The invitation expires on {{ expires_at }} and can be used once.</p>
  {% elif outcome == "accepted" %}
  <p>This invitation to join <strong>{{ org_name }}</strong> has already been accepted. Sign in to
     {{ app_name }} to continue.</p>
  {% elif outcome == "expired" %}
  <p>This invitation has expired. Ask the organization for a new one.</p>
  {% else %}
  <p>This invitation link is not valid: it may have been revoked or mistyped.</p>
  {% endif %}
</main>
</body>
</html>
"""

_TITLES = {
    "pending": "You are invited",
    "accepted": "Invitation accepted",
    "expired": "Invitation expired",
    "invalid": "Invitation not valid",
}


@functools.cache
def _template() -> jinja2.Template:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    return env.from_string(_TEMPLATE)


def invitation(outcome: str, row: PageInvitationRecord | None, token: str | None) -> str:
    shown = {"org_name": "", "app_name": "the application", "role": "", "email": "", "expires_at": ""}
    if row is not None:
        shown = {
            "org_name": row.org_name,
            "app_name": row.app_name,
            "role": row.role,
            "email": row.email,
            "expires_at": row.expires_at.strftime("%Y-%m-%d %H:%M UTC"),
        }
    return _template().render(
        title=_TITLES[outcome], ok=outcome in ("pending", "accepted"), outcome=outcome, token=token or "", **shown
    )
