"""Rate limits: declared once per action (rules.py), counted on sliding windows (window.py)
in-process or in Redis (backends.py), applied by the route wrapper (limiter.py)."""
