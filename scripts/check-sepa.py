#!/usr/bin/env python3
"""Validates SEPA direct debit files as the shop's bank would take them, for the Rust tests.

Each file named on the command line is parsed with lxml and validated against ISO 20022's
pain.008.001.08 schema as the `sepaxml` package ships it. One JSON object per file is printed,
as a list: whether it is valid, the schema's errors, and what the file holds (transactions,
control sum, collection dates and sequence types per payment block).

Needs: pip install sepaxml==2.7.0 lxml (scripts/test.sh installs them).
"""

import json
import os
import sys

import sepaxml
from lxml import etree

NS = {"p": "urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"}
XSD = os.path.join(os.path.dirname(sepaxml.__file__), "schemas", "pain.008.001.08.xsd")


def check(path):
    schema = etree.XMLSchema(etree.parse(XSD))
    doc = etree.parse(path)
    valid = schema.validate(doc)
    blocks = []
    for block in doc.iterfind(".//p:PmtInf", NS):
        blocks.append(
            {
                "transactions": int(block.findtext("p:NbOfTxs", namespaces=NS)),
                "sum": block.findtext("p:CtrlSum", namespaces=NS),
                "date": block.findtext("p:ReqdColltnDt", namespaces=NS),
                "sequence": block.findtext("p:PmtTpInf/p:SeqTp", namespaces=NS),
                "mandates": [m.text for m in block.iterfind(".//p:MndtId", NS)],
                "ibans": [i.text for i in block.iterfind("p:DrctDbtTxInf/p:DbtrAcct/p:Id/p:IBAN", NS)],
            }
        )
    return {
        "file": path,
        "valid": valid,
        "errors": [str(e) for e in schema.error_log],
        "transactions": int(doc.findtext(".//p:GrpHdr/p:NbOfTxs", namespaces=NS) or 0),
        "sum": doc.findtext(".//p:GrpHdr/p:CtrlSum", namespaces=NS),
        "blocks": blocks,
    }


if __name__ == "__main__":
    json.dump([check(p) for p in sys.argv[1:]], sys.stdout)
