"""Tenants: the control plane (master key)."""
