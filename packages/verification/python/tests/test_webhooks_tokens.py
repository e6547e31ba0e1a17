from __future__ import annotations

import os

import httpx
import pytest
from conftest import unique

from verification_platform import Client, Conflict, Forbidden, NotFound, Project, Token, Unauthorized


def test_webhooks(admin: Client, counter: Project) -> None:
    # Deliveries to this address fail and are retried later; the API's answers are under test here.
    hook = admin.webhooks.create(
        "http://127.0.0.1:9/hooks",
        ["job.completed", "job.failed"],
        "a-secret-of-some-length",
        project_id=counter.id,
    )
    assert hook.webhook_id.startswith("whk_") and hook.active and hook.project_id == counter.id
    assert hook.webhook_id in [w.webhook_id for w in admin.webhooks.list()]
    assert admin.webhooks.get(hook.webhook_id) == hook
    changed = admin.webhooks.update(hook.webhook_id, events=["job.failed"])
    assert changed.events == ["job.failed"]

    ping = admin.webhooks.ping(hook.webhook_id)
    assert ping["event"] == "ping"
    deliveries = admin.webhooks.deliveries(hook.webhook_id)
    assert deliveries.total == 1 and deliveries.items[0]["delivery_id"] == ping["delivery_id"]
    again = admin.webhooks.redeliver(hook.webhook_id, ping["delivery_id"])
    assert again["redelivery_of"] == ping["delivery_id"] and again["event_id"] == ping["event_id"]

    admin.webhooks.delete(hook.webhook_id)
    with pytest.raises(NotFound):
        admin.webhooks.get(hook.webhook_id)


def test_webhooks_need_an_admin(developer: Client) -> None:
    with pytest.raises(Forbidden) as refused:
        developer.webhooks.list()
    assert refused.value.details["required_role"] == "admin"


def test_tokens(admin: Client, url: str) -> None:
    name = unique("sdk")
    created = admin.tokens.create(name, "viewer", expires_in_days=1)
    assert isinstance(created, Token) and created.token and created.role == "viewer"
    assert created.expires_at is not None
    listed = {t.name: t for t in admin.tokens.list()}
    assert listed[name].token is None and listed[name].role == "viewer"
    with pytest.raises(Conflict) as taken:
        admin.tokens.create(name, "viewer")
    assert taken.value.code == "TOKEN_EXISTS"

    with Client(url, created.token) as client:
        assert client.projects.list().total >= 0
        admin.tokens.revoke(name)
        with pytest.raises(Unauthorized):
            client.projects.list()
    with pytest.raises(NotFound) as unknown:
        admin.tokens.revoke(name)
    assert unknown.value.code == "TOKEN_NOT_FOUND"


def test_a_session_opened_with_a_token(admin: Client, url: str) -> None:
    assert admin.session.get()["role"] == "admin"
    with Client(url, "") as anonymous:
        opened = anonymous.session.open(os.environ["VP_TEST_VIEWER_TOKEN"])
        assert opened.session["role"] == "viewer" and opened.session["csrf_token"]
        assert opened.cookie.startswith("vp_session=")
        cookie = {"Cookie": opened.cookie}
        assert httpx.get(f"{anonymous.url}/session", headers=cookie).json()["role"] == "viewer"
        anonymous.session.close(opened)
        assert httpx.get(f"{anonymous.url}/session", headers=cookie).status_code == 401
        with pytest.raises(Unauthorized):
            anonymous.session.open("vpt_" + "0" * 43)


def test_health_needs_no_token(url: str) -> None:
    with Client(url) as client:
        health = client.health()
    assert health["service"] == "verification" and health["status"] in ("ok", "degraded")
