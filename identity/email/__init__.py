"""Transactional email: templates, providers, delivery through the outbox."""
