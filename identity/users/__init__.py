"""Users: the users table (store), the user JSON (presenter) and creation (service).

The user-management issue builds its /v1/users endpoints on these.
"""
