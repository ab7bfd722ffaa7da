"""Schemathesis hooks of scripts/fuzz (loaded with SCHEMATHESIS_HOOKS=fuzz_hooks).

- The check `envelope_is_not_a_server_error`: an answer whose envelope carries code 500 is a
  failure, like an HTTP 5xx (the server answers its own failures with HTTP 200 and code 500).
- Path ids that would make the fuzzer lock itself out are not generated: the operations that
  change, reset or sign out an administrator never get the fuzzing administrator's own id
  (BEEHIVE_FUZZ_ADMIN_ID). See docs/security.md for every operation left out and why.
- Header values HTTP itself forbids are not sent: a control character (other than tab) or DEL
  in a field value (RFC 9110 §5.5) makes the HTTP parser refuse the request with a bare 400
  before any of Beehive's code runs, so such a case tests the parser, not the API. Negative
  cases for a declared header (Idempotency-Key) keep everything else: empty, too long, spaces,
  non-ASCII (answered with the envelope, code 400 naming the header).
"""

import json
import os

import schemathesis


@schemathesis.check
def envelope_is_not_a_server_error(ctx, response, case):
    """The envelope's code is never 500 (an internal failure answered with HTTP 200)."""
    if "json" not in response.headers.get("Content-Type", ""):
        return None
    try:
        body = json.loads(response.text)
    except ValueError:
        return None
    if isinstance(body, dict) and body.get("code") == 500:
        raise AssertionError(f"envelope code 500: {body.get('msg')!r}")
    return None


# Operations on one administrator, by its id: given the fuzzing administrator's own id they
# would change its roles, reset its password or end its session.
SELF_OPERATIONS = {"userUpdate", "userStatus", "userResetPassword", "userSignOut"}
OWN_ID = os.environ.get("BEEHIVE_FUZZ_ADMIN_ID")


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    operation_id = context.operation.definition.raw.get("operationId")
    if operation_id in SELF_OPERATIONS and OWN_ID is not None and path_parameters:
        return str(path_parameters.get("id")) != OWN_ID
    return True


def _forbidden_in_http(value):
    return any((ord(c) < 0x20 and c != "\t") or ord(c) == 0x7F for c in str(value))


@schemathesis.hook
def filter_headers(context, headers):
    return not any(_forbidden_in_http(v) for v in (headers or {}).values())
