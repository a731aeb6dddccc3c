# Resolves many compose projects in one process with Compose v1's own code (what
# `docker-compose config` runs), so the catalog check pays the interpreter's start once, not once
# per template. Reads one JSON request per line: {"directory", "files", "variables"}; answers one
# JSON line each: {"model": ...} (the YAML `config` prints, read back) or {"error": "..."}.
import json
import sys

import yaml
from compose.config import config
from compose.config.environment import Environment
from compose.config.serialize import serialize_config

for line in sys.stdin:
    request = json.loads(line)
    try:
        details = config.find(request["directory"], request["files"], Environment(request["variables"]))
        answer = {"model": yaml.safe_load(serialize_config(config.load(details)))}
    except Exception as error:  # compose's ConfigurationError carries its message in .msg
        answer = {"error": getattr(error, "msg", None) or str(error)}
    sys.stdout.write(json.dumps(answer, default=str) + "\n")
    sys.stdout.flush()
