#!/usr/bin/env bash
# Runs a project's verification on a running platform from a CI job: uploads the files, submits a
# job, waits for it, writes its JUnit report, and exits with verifyctl's exit code (0 passed,
# 1 verification failed, 2 error), so the CI job's status is the verification's.
#
#   VERIFY_URL       the platform, e.g. https://verify.example.com (required)
#   VERIFY_TOKEN     a developer token, held as a masked CI secret (required); verifyctl reads it
#                    from the environment: this script never expands it, so no trace prints it
#   VERIFY_PROJECT   the project's id, from `verifyctl project create ... --json` (required)
#   VERIFY_SOURCE    the directory uploaded, honouring its .gitignore (default: .)
#   VERIFY_STAGES    stages to run, comma-separated (default: all of them)
#   VERIFY_JUNIT     where the JUnit XML goes (default: verification-junit.xml)
#   VERIFYCTL        the verifyctl executable (default: verifyctl on PATH, else npx fetches
#                    @lab/verification from the registry npm is configured with)
#
# Arguments are passed on to `verifyctl job submit`: verify-in-ci.sh --set lint.warnings_as_errors=true
set -euo pipefail

fail() {
  echo "verify-in-ci: $1" >&2
  exit 2
}
[ -n "${VERIFY_URL:-}" ] || fail "VERIFY_URL is not set: the platform's address"
# ${VAR:+set} tests the token without expanding it: a `bash -x` trace shows 'set', not the token.
[ -n "${VERIFY_TOKEN:+set}" ] || fail 'VERIFY_TOKEN is not set: a developer token, from a masked CI secret'
[ -n "${VERIFY_PROJECT:-}" ] || fail 'VERIFY_PROJECT is not set: the project id'
source_dir=${VERIFY_SOURCE:-.}
junit=${VERIFY_JUNIT:-verification-junit.xml}

if [ -n "${VERIFYCTL:-}" ]; then
  cli=("$VERIFYCTL")
elif command -v verifyctl > /dev/null; then
  cli=(verifyctl)
else
  cli=(npx --yes --package=@lab/verification verifyctl)
fi

"${cli[@]}" upload --project "$VERIFY_PROJECT" "$source_dir" || fail "the upload of $source_dir failed"

# A CI job that is cancelled (SIGTERM) cancels the verification job it started.
submit=(job submit --project "$VERIFY_PROJECT" --wait --junit "$junit" --cancel-on-interrupt)
if [ -n "${VERIFY_STAGES:-}" ]; then submit+=(--stages "$VERIFY_STAGES"); fi
status=0
"${cli[@]}" "${submit[@]}" "$@" || status=$?
exit "$status"
