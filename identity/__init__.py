"""Multi-tenant identity and authentication service."""

__version__ = "0.1.0"
