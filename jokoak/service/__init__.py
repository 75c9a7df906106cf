"""The booklet as a running service: settings, rooms shared by devices and the store they live
in, curators' counts, read-aloud on this machine and the kiosk's "continue on your phone" link.

Everything here may meet the outside world (a file, Redis, a voice program) and so never
raises a traceback at a visitor: each fault becomes a translated message or a quiet fallback.
"""
