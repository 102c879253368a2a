"""Bot protection: server-side verification of a captcha token (Turnstile, hCaptcha, reCAPTCHA)."""
