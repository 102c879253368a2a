"""The organizations errors, declared once: raised from here and listed in routes' `errors=`
(identity/http/errors.py says how; docs/errors.md catalogues the codes)."""

from __future__ import annotations

from identity.http.errors import ErrorSpec

ORGANIZATION_NOT_FOUND = ErrorSpec(404, "organization_not_found", "No organization with that identifier.")
INVITATION_NOT_FOUND = ErrorSpec(404, "invitation_not_found", "No invitation with that identifier.")
MEMBERSHIP_NOT_FOUND = ErrorSpec(404, "membership_not_found", "That user is not a member of this organization.")
ALREADY_MEMBER = ErrorSpec(409, "already_member", "The user is already a member of this organization.")
ALREADY_INVITED = ErrorSpec(
    409, "already_invited", "A pending invitation for that email already exists; revoke it to send a new one."
)
LAST_OWNER = ErrorSpec(
    409, "last_owner", "An organization must keep at least one owner: make another member an owner first."
)
INVITATION_ACCEPTED = ErrorSpec(
    409, "invitation_accepted", "The invitation was already accepted; remove the member instead."
)
INVITATION_EMAIL_MISMATCH = ErrorSpec(
    403,
    "invitation_email_mismatch",
    "This invitation was sent to another email address; sign in as that user to accept it.",
)
#: An organization's slug that is taken answers the tenants' slug_already_exists
#: (identity/tenants/errors.py) with this message.
ORGANIZATION_SLUG_TAKEN = "That slug is already used by another organization."
