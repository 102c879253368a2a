"""The operator's side of the `identity` command: where its secrets, tables and database go.

identity/cli.py declares the commands and their help; the modules here run them, through the
same services as the API (so audit entries and events are written as for an API call)."""
