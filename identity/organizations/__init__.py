"""Organizations, memberships, invitations and the active organization."""
