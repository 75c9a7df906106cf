#!/bin/sh
# The kiosk's browser: full screen, no address bar, no swipe back, no pinch zoom, a fresh
# profile every start; it waits until the booklet answers. Run it from the kiosk user's
# desktop session autostart (e.g. ~/.config/autostart, or the compositor's startup).
# Sound may start without a tap (--autoplay-policy): a kiosk reads each lesson sentence aloud
# as it appears, also after the idle reset reloads the page.
URL="${JOKOAK_URL:-http://127.0.0.1:8501/?kiosk=1&lang=eu}"
until curl -fsS "${URL%%\?*}_stcore/health" >/dev/null 2>&1; do sleep 1; done
exec chromium --kiosk --incognito --no-first-run --noerrdialogs --disable-infobars \
  --disable-session-crashed-bubble --disable-features=Translate --disable-pinch \
  --overscroll-history-navigation=0 --autoplay-policy=no-user-gesture-required \
  --check-for-update-interval=31536000 "$URL"
