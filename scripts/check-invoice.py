#!/usr/bin/env python3
"""Reads invoice PDFs back as a tax adviser's software would, for the Rust tests.

For each PDF named on the command line: the attached factur-x.xml is taken out with the
`factur-x` package (the Factur-X reference library), validated against the Factur-X 1.0
EN 16931 XSD and against the EN 16931 Schematron rules (the official XSLT, run by Saxon-HE),
and its sums read; the PDF's text, its XMP (PDF/A part and conformance, the fx properties)
and its page count are read with pypdf. One JSON object per file is printed, as a list.

Needs: pip install factur-x==7.8 saxonche==13.1.1 (scripts/test.sh installs them).
"""

import io
import json
import os
import re
import sys

import facturx
from lxml import etree
from pypdf import PdfReader
from saxonche import PySaxonProcessor

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
}
SCHEMATRON = os.path.join(
    os.path.dirname(facturx.__file__), "xsd_and_schematron", "facturx-en16931", "FACTUR-X_EN16931.xslt"
)


def cents(text):
    return round(float(text) * 100)


def main(paths):
    out = []
    with PySaxonProcessor(license=False) as proc:
        xslt = proc.new_xslt30_processor().compile_stylesheet(stylesheet_file=SCHEMATRON)
        for path in paths:
            pdf = open(path, "rb").read()
            name, xml = facturx.get_xml_from_pdf(pdf, check_xsd=False)
            try:
                xsd_valid = facturx.xml_check_xsd(xml, flavor="factur-x", level="en16931")
            except Exception as e:  # the package raises with the schema's message
                xsd_valid = False
                print(f"{path}: XSD: {e}", file=sys.stderr)
            report = xslt.transform_to_string(xdm_node=proc.parse_xml(xml_text=xml.decode("utf-8")))
            failed = re.findall(
                r'<svrl:failed-assert[^>]*?id="([^"]+)"[^>]*>.*?<svrl:text>(.*?)</svrl:text>', report, re.S
            )
            errors = [f"{rule}: {' '.join(text.split())}" for rule, text in failed]
            tree = etree.fromstring(xml)
            summ = tree.find(".//ram:SpecifiedTradeSettlementHeaderMonetarySummation", NS)
            taxes = {}
            for t in tree.findall(".//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", NS):
                rate = t.findtext("ram:RateApplicablePercent", namespaces=NS)
                taxes[rate] = {
                    "category": t.findtext("ram:CategoryCode", namespaces=NS),
                    "basis": cents(t.findtext("ram:BasisAmount", namespaces=NS)),
                    "vat": cents(t.findtext("ram:CalculatedAmount", namespaces=NS)),
                }
            reader = PdfReader(io.BytesIO(pdf))
            text = "\n".join(page.extract_text() for page in reader.pages)
            root = reader.trailer["/Root"]
            xmp = root["/Metadata"].get_object().get_data().decode("utf-8")
            out.append(
                {
                    "path": path,
                    "attachment": name,
                    "xsd_valid": bool(xsd_valid),
                    "schematron_errors": errors,
                    "type_code": tree.findtext(".//rsm:ExchangedDocument/ram:TypeCode", namespaces=NS),
                    "number": tree.findtext(".//rsm:ExchangedDocument/ram:ID", namespaces=NS),
                    "means_code": tree.findtext(".//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode", namespaces=NS),
                    "references": tree.findtext(".//ram:InvoiceReferencedDocument/ram:IssuerAssignedID", namespaces=NS),
                    "grand_total": cents(summ.findtext("ram:GrandTotalAmount", namespaces=NS)),
                    "tax_total": cents(summ.findtext("ram:TaxTotalAmount", namespaces=NS)),
                    "due": cents(summ.findtext("ram:DuePayableAmount", namespaces=NS)),
                    "prepaid": cents(summ.findtext("ram:TotalPrepaidAmount", namespaces=NS) or "0"),
                    "payment_terms": tree.findtext(".//ram:SpecifiedTradePaymentTerms/ram:Description", namespaces=NS),
                    "taxes": taxes,
                    "notes": [n.text for n in tree.findall(".//ram:IncludedNote/ram:Content", NS)],
                    "lines": [
                        {
                            "name": p.findtext("ram:Name", namespaces=NS),
                            "characteristics": [
                                [c.findtext("ram:Description", namespaces=NS), c.findtext("ram:Value", namespaces=NS)]
                                for c in p.findall("ram:ApplicableProductCharacteristic", NS)
                            ],
                        }
                        for p in tree.findall(".//ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct", NS)
                    ],
                    "pages": len(reader.pages),
                    "text": text,
                    "pdfa": re.findall(r"<pdfaid:(part|conformance)>([^<]+)<", xmp),
                    "fx_level": re.findall(r"<fx:ConformanceLevel>([^<]+)<", xmp),
                    "associated_files": len(root.get("/AF", [])),
                }
            )
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1:])
