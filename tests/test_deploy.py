"""The deployment files: nginx's configuration is valid and balances without stickiness."""

from __future__ import annotations

import re
import subprocess

from replicas_support import NGINX_CONF, nginx_binary, nginx_conf


def test_the_nginx_configuration_is_valid_for_debians_nginx(tmp_path):
    conf = tmp_path / "nginx.conf"
    conf.write_text(nginx_conf(8080, tmp_path), encoding="utf-8")
    (tmp_path / "jokoak-upstream.conf").write_text(
        (NGINX_CONF.parent / "jokoak-upstream.conf").read_text(encoding="utf-8"),
        encoding="utf-8")
    done = subprocess.run([nginx_binary(), "-t", "-p", str(tmp_path), "-c", str(conf)],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def test_the_load_balancer_is_plain_round_robin():
    text = re.sub(r"#.*", "", NGINX_CONF.read_text(encoding="utf-8"))
    assert not re.search(r"\b(ip_hash|hash|sticky|least_conn|random)\b", text)


def test_websockets_are_upgraded_and_media_files_retried_on_another_replica():
    text = NGINX_CONF.read_text(encoding="utf-8")
    stream = text[text.index("location /_stcore/stream"):]
    assert "proxy_set_header Upgrade $http_upgrade;" in stream.split("}")[0]
    media = text[text.index("location /media/"):].split("}")[0]
    assert "http_404" in media and "proxy_next_upstream_tries 0;" in media


def test_every_shipped_settings_file_is_read_without_a_problem():
    from jokoak.service.settings import parse_settings
    for path in sorted(NGINX_CONF.parent.glob("*.toml")) + [NGINX_CONF.parent.parent / "jokoak.toml"]:
        assert parse_settings(path.read_text(encoding="utf-8")).problems == (), path.name


def test_replicas_share_their_rooms_and_leave_uploads_to_the_operator():
    from jokoak.service.settings import parse_settings
    for name in ("replica.toml", "compose-replica.toml"):
        conf = parse_settings((NGINX_CONF.parent / name).read_text(encoding="utf-8"))
        assert conf.rooms.store.startswith(("sqlite:/", "redis://")), name
        assert not conf.booklet.translators_page and not conf.operator.enabled, name


def compose():
    import yaml
    return yaml.safe_load((NGINX_CONF.parent / "compose.yaml").read_text(encoding="utf-8"))


def test_compose_runs_redis_with_append_only_persistence_on_a_volume():
    redis = compose()["services"]["redis"]
    command = redis["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    folder = command[command.index("--dir") + 1]
    volumes = {v.split(":")[1]: v.split(":")[0] for v in redis["volumes"]}
    assert volumes[folder] in compose()["volumes"]  # a named volume outlives the container


def test_every_booklet_on_sqlite_keeps_its_rooms_in_a_data_folder_that_outlives_it():
    dockerfile = (NGINX_CONF.parent / "Dockerfile").read_text(encoding="utf-8")
    data = re.search(r"JOKOAK_DATA=(\S+)", dockerfile).group(1)
    operator = compose()["services"]["operator"]
    assert any(v.split(":")[1] == data for v in operator["volumes"])
    for unit in ("jokoak.service", "jokoak@.service"):
        text = (NGINX_CONF.parent / unit).read_text(encoding="utf-8")
        assert "StateDirectory=jokoak" in text and "JOKOAK_DATA=/var/lib/jokoak" in text, unit
        assert "PrivateTmp=yes" in text  # why /tmp would never do: it is the unit's own


def test_the_one_machine_replicas_share_a_file_in_the_units_state_folder():
    from jokoak.service.settings import parse_settings
    conf = parse_settings((NGINX_CONF.parent / "replica.toml").read_text(encoding="utf-8"))
    assert conf.rooms.store.startswith("sqlite:/var/lib/jokoak/")


def test_the_operator_instance_and_the_replicas_never_share_a_port():
    setups = (NGINX_CONF.parent.parent / "docs" / "setups.md").read_text(encoding="utf-8")
    operator = {int(p) for p in re.findall(r"operator\.toml[^\n]*--server\.port (\d+)", setups)}
    operator |= {int(p.split(":")[1]) for p in compose()["services"]["operator"]["ports"]}
    upstream = {int(p) for p in re.findall(
        r"^server 127\.0\.0\.1:(\d+);", (NGINX_CONF.parent / "jokoak-upstream.conf").read_text(
            encoding="utf-8"), re.M)}
    unit = (NGINX_CONF.parent / "jokoak@.service").read_text(encoding="utf-8")
    for replicas in ({int(p) for p in re.findall(r"jokoak@(\d+)", setups)},
                     {int(p) for p in re.findall(r"jokoak@(\d+)", unit)}):
        assert replicas == upstream
    assert operator == {8502} and upstream and not upstream & operator


def test_only_the_own_nginx_is_believed_about_a_visitors_address():
    from jokoak.service.settings import parse_settings
    text = NGINX_CONF.read_text(encoding="utf-8")
    stream = text[text.index("location /_stcore/stream"):].split("}")[0]
    for where in (text[:text.index("location")], stream):  # a location's own headers drop
        assert "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;" in where
        assert "proxy_set_header X-Real-IP $remote_addr;" in where
    nginx = compose()["services"]["nginx"]["networks"]["default"]["ipv4_address"]
    conf = parse_settings((NGINX_CONF.parent / "compose-replica.toml").read_text(encoding="utf-8"))
    assert conf.rooms.trusted_proxies == (nginx,)
    local = parse_settings((NGINX_CONF.parent / "replica.toml").read_text(encoding="utf-8"))
    assert set(local.rooms.trusted_proxies) == {"127.0.0.1", "::1"}  # nginx on the loopback


def test_the_kiosk_browser_plays_a_sentence_aloud_without_waiting_for_a_first_tap():
    """A kiosk reads each lesson sentence as it appears, also right after the idle reset has
    reloaded the page, when no tap has happened yet: Chromium's autoplay policy must allow it."""
    script = (NGINX_CONF.parent / "kiosk-browser.sh").read_text(encoding="utf-8")
    assert "--autoplay-policy=no-user-gesture-required" in script
