"""Background jobs: the procrastinate app and its tasks."""
