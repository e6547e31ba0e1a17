"""Task 3: follow the event stream; a dropped connection is resumed from the last event id.

    HV_REST_URL=... HV_TOKEN=... python examples/follow_events.py [--count N] [--vm NAME]
"""

import argparse
import os

import hypervisor_client as hv

parser = argparse.ArgumentParser()
parser.add_argument("--count", type=int, default=0, help="stop after N events (0: never)")
parser.add_argument("--vm", default=None)
parser.add_argument("--after", default=None, help="replay the events after this id first")
args = parser.parse_args()

with hv.Client(os.environ["HV_REST_URL"], os.environ["HV_TOKEN"]) as client:
    for seen, event in enumerate(client.watch_events(vm=args.vm, after_id=args.after), start=1):
        print(event.id, event.kind, dict(event.data))
        if seen == args.count:
            break
