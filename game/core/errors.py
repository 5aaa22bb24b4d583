"""The two ways input can be refused. Both leave the game exactly as it was."""


class RuleError(ValueError):
    """An action the rules do not allow now. `rule` names the rule it breaks
    (for example "placing rule 1" or "D8"): a key, always English, by which the rules
    page's anchor is found (game/core/rule_links.py, which also gives the words a page
    shows for it); the message says it in plain words, in the language spoken when the
    error was raised."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.plain = message


class RecordError(ValueError):
    """A saved game or link that cannot be loaded; the message gives the reason."""
