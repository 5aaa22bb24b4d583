"""Publishing (.github/workflows/pages.yml): on a push to main, or by hand, the workflow
runs the tests that need no browser, builds the site with `python3 -m game build` and
deploys it with GitHub's own three Pages actions (configure-pages, upload-pages-artifact,
deploy-pages), with the permissions and concurrency they need; `tests/run.py -m "not
e2e"` then asks for no Chromium; and README.md says how to publish a copy."""

import importlib.util
import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
PAGES_ACTIONS = ("actions/configure-pages", "actions/upload-pages-artifact",
                 "actions/deploy-pages")
_KEY = re.compile(r"([A-Za-z0-9_-]+):(?:\s+(.*))?$")


# --- a reader for the YAML the workflow uses (block mappings and sequences, plain or
# quoted scalars, [flow, lists]); no PyYAML among the test packages, and none needed ----------
def _scalar(text: str):
    text = text.strip()
    if text[:1] in "\"'" and text[-1:] == text[:1]:
        return text[1:-1]
    if text.startswith("[") and text.endswith("]"):
        return [_scalar(item) for item in text[1:-1].split(",") if item.strip()]
    return text


def _block(lines: list[list], i: int, indent: int):
    if lines[i][1].startswith("-"):
        items = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
            rest = lines[i][1][1:].lstrip()
            if _KEY.match(rest):  # "- key: value": a mapping starts on the dash's line
                lines[i] = [indent + len(lines[i][1]) - len(rest), rest]
                item, i = _block(lines, i, lines[i][0])
            else:
                item, i = _scalar(rest), i + 1
            items.append(item)
        return items, i
    mapping = {}
    while i < len(lines) and lines[i][0] == indent:
        match = _KEY.match(lines[i][1])
        assert match, f"not a key: {lines[i][1]!r}"
        key, value = match.groups()
        assert key not in mapping, f"{key} given twice"
        if value:
            mapping[key], i = _scalar(value), i + 1
        elif i + 1 < len(lines) and (lines[i + 1][0] > indent or (
                lines[i + 1][0] == indent and lines[i + 1][1].startswith("-"))):
            mapping[key], i = _block(lines, i + 1, lines[i + 1][0])
        else:
            mapping[key], i = None, i + 1
    assert i == len(lines) or lines[i][0] < indent, f"misplaced: {lines[i][1]!r}"
    return mapping, i


def read_yamlish(text: str):
    lines = []
    for raw in text.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if line.strip():
            lines.append([len(line) - len(line.lstrip()), line.strip()])
    value, end = _block(lines, 0, lines[0][0])
    assert end == len(lines)
    return value


def test_the_reader_reads_what_the_workflow_uses():
    assert read_yamlish("""
a: 1  # a comment
b:
  - c: "x y"
    d: [main, dev]
  - plain
e:
- f
g:
""") == {"a": "1", "b": [{"c": "x y", "d": ["main", "dev"]}, "plain"], "e": ["f"], "g": None}
    with pytest.raises(AssertionError):
        read_yamlish("a:\n  b: 1\n    c: 2\n")


# --- the workflow ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def workflow():
    return read_yamlish(WORKFLOW.read_text(encoding="utf-8"))


def runner():
    spec = importlib.util.spec_from_file_location("tests_run", ROOT / "tests" / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_runs_on_a_push_to_main_and_by_hand(workflow):
    assert workflow["on"]["push"] == {"branches": ["main"]}
    assert "workflow_dispatch" in workflow["on"]


def test_it_may_deploy_to_pages_and_nothing_more(workflow):
    assert workflow["permissions"] == {"contents": "read", "pages": "write",
                                       "id-token": "write"}
    # one deployment at a time, and the one under way is never cut short
    assert workflow["concurrency"] == {"group": "pages", "cancel-in-progress": "false"}


def test_it_tests_then_builds_with_the_game_command_then_uploads(workflow):
    steps = workflow["jobs"]["build"]["steps"]
    action = [step.get("uses", "").split("@")[0] for step in steps]
    assert action[:2] == ["actions/checkout", "actions/setup-python"]
    assert steps[1]["with"]["python-version"] == "3.11"

    [test, build] = [i for i, step in enumerate(steps) if "run" in step]
    upload = action.index("actions/upload-pages-artifact")
    assert test < build < upload and "actions/configure-pages" in action
    command = shlex.split(steps[test]["run"])
    assert command[:2] == ["python3", "tests/run.py"]
    assert runner().needs_browser(command[2:]) is False  # no browser on the runner: none needed
    command = shlex.split(steps[build]["run"])
    assert command[:5] == ["python3", "-m", "game", "build", "--out"]
    assert steps[upload]["with"]["path"] == command[5]


def test_it_deploys_with_the_official_pages_actions(workflow):
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"] == {"name": "github-pages",
                                     "url": "${{ steps.deployment.outputs.page_url }}"}
    [step] = deploy["steps"]
    assert step["id"] == "deployment" and step["uses"].startswith("actions/deploy-pages@")
    used = {step["uses"].split("@")[0] for job in workflow["jobs"].values()
            for step in job["steps"] if "uses" in step}
    assert set(PAGES_ACTIONS) <= used


def test_every_action_is_pinned_to_a_major_version(workflow):
    uses = [step["uses"] for job in workflow["jobs"].values() for step in job["steps"]
            if "uses" in step]
    assert uses and all(re.fullmatch(r"actions/[a-z-]+@v\d+", use) for use in uses), uses


@pytest.mark.parametrize("args, needed", [
    ([], True), (["-q"], True), (["tests/e2e"], True),
    (["-m", "not e2e"], False), (["-q", "-m", "not e2e", "tests/site"], False),
    (["-mnot e2e"], False), (["-m", "not e2e and not slow"], False),
    (["-m", "e2e"], True), (["-m", "not e2e or e2e"], True), (["-m", "not (e2e)"], True),
    (["-m", "not e2e", "-m", "e2e"], True),  # pytest keeps the last
])
def test_the_test_command_asks_for_a_browser_only_when_it_may_run_one(args, needed):
    assert runner().needs_browser(args) is needed


def test_the_readme_says_how_to_publish_a_copy():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Publish your own copy", 1)[1].split("\n## ", 1)[0]
    steps = re.findall(r"^\d\. (.+)$", section, re.MULTILINE)
    assert len(steps) == 3
    assert "Fork" in steps[0] and "GitHub Actions" in steps[1] and "push" in steps[2].lower()
    assert ".github/workflows/pages.yml" in section
