use super::pain008::{pain008, Address, Batch, Creditor, Debit};
use super::*;
use crate::dates::day_number;
use crate::money::Money;

#[test]
fn ibans_are_checked_by_country_format_check_digits_and_sepa() {
    for (input, want) in [
        ("DE89370400440532013000", Ok("DE89370400440532013000")),
        ("de89 3704 0044 0532 0130 00", Ok("DE89370400440532013000")),
        (" AT61 1904 3002 3457 3201 ", Ok("AT611904300234573201")),
        ("CH9300762011623852957", Ok("CH9300762011623852957")),
        ("GB29NWBK60161331926819", Ok("GB29NWBK60161331926819")),
        // A digit mistyped.
        ("DE89370400440532013001", Err(IbanError::CheckDigits)),
        // A German IBAN two digits short and an Austrian one with a letter, each with check digits
        // that fit: the country's format.
        ("DE863704004405320130", Err(IbanError::Format)),
        ("AT60 1904 3002 3457 320A", Err(IbanError::Format)),
        ("", Err(IbanError::Format)),
        ("Kontonummer 12345", Err(IbanError::Format)),
        // Valid IBANs of countries outside SEPA.
        ("TR330006100519786457841326", Err(IbanError::NotSepa)),
        ("BR1800360305000010009795493C1", Err(IbanError::NotSepa)),
    ] {
        assert_eq!(
            parse_iban(input).as_deref().map_err(|e| *e),
            want,
            "{input}"
        );
    }
}

#[test]
fn the_bic_is_asked_for_outside_the_eea_only() {
    for (iban, needed) in [
        ("DE89370400440532013000", false),
        ("AT611904300234573201", false),
        ("NO9386011117947", false),
        ("CH9300762011623852957", true),
        ("GB29NWBK60161331926819", true),
        ("SM86U0322509800000000270100", true),
    ] {
        assert_eq!(bic_needed(iban), needed, "{iban}");
    }
    assert_eq!(parse_bic(" deutdeff500 ").as_deref(), Some("DEUTDEFF500"));
    assert_eq!(parse_bic("COBADEFF").as_deref(), Some("COBADEFF"));
    assert_eq!(parse_bic("COBA1EFF"), None);
    assert_eq!(parse_bic("COBADEF"), None);
}

#[test]
fn creditor_identifiers_are_checked() {
    for (input, want) in [
        // The Bundesbank's example.
        ("DE98ZZZ09999999999", Some("DE98ZZZ09999999999")),
        ("de98 zzz0 9999 9999 99", Some("DE98ZZZ09999999999")),
        // Another business code leaves the check digits as they are.
        ("DE98ABC09999999999", Some("DE98ABC09999999999")),
        ("DE97ZZZ09999999999", None),
        ("DE98ZZZ0999999999", None),
        ("XX98ZZZ09999999999", None),
        ("DE98ZZZ0999999999!", None),
        ("", None),
    ] {
        assert_eq!(parse_creditor_id(input).as_deref(), want, "{input}");
    }
}

#[test]
fn ibans_are_masked_but_for_country_check_digits_and_the_last_four() {
    assert_eq!(
        mask_iban("DE89370400440532013000"),
        "DE89 **** **** **** **30 00"
    );
    assert_eq!(mask_iban("NO9386011117947"), "NO93 **** ***7 947");
    assert_eq!(mask_iban("DE89"), "DE89");
}

#[test]
fn texts_keep_to_the_sepa_characters() {
    for (text, max, want) in [
        ("Jürgen Müller-Weiß", 70, "Juergen Mueller-Weiss"),
        ("Café & Rösterei GmbH", 70, "Cafe + Roesterei GmbH"),
        ("Bestellung #1042 – danke!", 140, "Bestellung 1042 danke"),
        ("Ölmühle Öhringen", 8, "Oelmuehl"),
        ("a    b", 70, "a b"),
    ] {
        assert_eq!(sepa_text(text, max), want, "{text}");
    }
    assert_eq!(mandate_reference("1042"), "MANDAT1042");
    assert_eq!(mandate_reference("LS/2026 #7"), "MANDATLS20267");
    assert!(mandate_reference(&"9".repeat(60)).len() == 35);
}

#[test]
fn the_due_date_counts_target2_banking_days() {
    let day = |y, m, d| day_number(y, m, d);
    // Easter Sunday: the algorithm against the calendar.
    for (y, m, d) in [
        (2024, 3, 31),
        (2025, 4, 20),
        (2026, 4, 5),
        (2027, 3, 28),
        (2038, 4, 25),
    ] {
        assert_eq!(easter(y), day(y, m, d), "{y}");
    }
    for (ordered, lead, due) in [
        // A Monday: Wednesday.
        ((2026, 12, 7), 2, (2026, 12, 9)),
        // A Thursday before Christmas: the 25th, the weekend, then Monday and Tuesday.
        ((2026, 12, 24), 2, (2026, 12, 29)),
        // Easter 2027: Good Friday and Easter Monday are no banking days.
        ((2027, 3, 25), 2, (2027, 3, 31)),
        // New Year's Day and 1 May.
        ((2026, 12, 31), 1, (2027, 1, 4)),
        ((2026, 4, 30), 1, (2026, 5, 4)),
        // A Saturday with no lead time: the Monday.
        ((2026, 12, 12), 0, (2026, 12, 14)),
        ((2026, 12, 7), 5, (2026, 12, 14)),
    ] {
        let (y, m, d) = ordered;
        let (dy, dm, dd) = due;
        assert_eq!(
            due_day(day(y, m, d), lead),
            day(dy, dm, dd),
            "{ordered:?} + {lead}"
        );
    }
    assert!(!banking_day(day(2026, 12, 25)));
    assert!(banking_day(day(2026, 12, 24)));
    // Exported in time: the due day; too late: the next banking day after the export.
    assert_eq!(
        collection_day(day(2026, 12, 9), day(2026, 12, 7)),
        day(2026, 12, 9)
    );
    assert_eq!(
        collection_day(day(2026, 12, 9), day(2026, 12, 11)),
        day(2026, 12, 14)
    );
    assert_eq!(Sequence::of(0), Sequence::First);
    assert_eq!(Sequence::of(2).code(), "RCUR");
}

pub(crate) fn sample_batch() -> Batch {
    let debit = |n: i64, cents, sequence, collection, iban: &str, bic: Option<&str>| Debit {
        end_to_end_id: format!("LADEN-{n}"),
        amount: Money::from_cents(cents),
        mandate_reference: mandate_reference(&n.to_string()),
        signed: (2026, 12, 7),
        sequence,
        collection,
        debtor_name: "Jürgen Müller & Söhne".into(),
        debtor_iban: iban.into(),
        debtor_bic: bic.map(str::to_owned),
        debtor_address: Some(Address {
            street: "Hauptstraße 5".into(),
            postcode: "10115".into(),
            city: "Berlin".into(),
            country: "DE".into(),
        }),
        remittance: format!("Bestellung {n}"),
    };
    Batch {
        message_id: "LADEN-20261207160000".into(),
        created: "2026-12-07T16:00:00+01:00".into(),
        creditor: Creditor {
            name: "Kaffeerösterei Laden GmbH".into(),
            iban: "DE89370400440532013000".into(),
            bic: None,
            creditor_id: "DE98ZZZ09999999999".into(),
        },
        debits: vec![
            debit(
                1042,
                2499,
                Sequence::First,
                (2026, 12, 9),
                "DE02120300000000202051",
                None,
            ),
            debit(
                1043,
                1001,
                Sequence::First,
                (2026, 12, 9),
                "AT611904300234573201",
                None,
            ),
            debit(
                1044,
                5000,
                Sequence::First,
                (2026, 12, 10),
                "CH9300762011623852957",
                Some("UBSWCHZH80A"),
            ),
            debit(
                1045,
                399,
                Sequence::Recurring,
                (2026, 12, 9),
                "DE02120300000000202051",
                None,
            ),
        ],
    }
}

#[test]
fn a_file_holds_one_block_per_collection_date_and_sequence() {
    let xml = pain008(&sample_batch());
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.008.001.08\">"));
    // The whole file: four debits, 88,99 €.
    let header = &xml[..xml.find("</GrpHdr>").expect("a group header")];
    assert!(
        header.contains("<NbOfTxs>4</NbOfTxs><CtrlSum>88.99</CtrlSum>"),
        "{header}"
    );
    // Blocks in order of date, then sequence: 9 Dec first (2), 9 Dec recurring (1), 10 Dec (1).
    let blocks: Vec<&str> = xml.split("<PmtInf>").skip(1).collect();
    assert_eq!(blocks.len(), 3);
    for (block, count, sum, seq, day) in [
        (blocks[0], 2, "35.00", "FRST", "2026-12-09"),
        (blocks[1], 1, "3.99", "RCUR", "2026-12-09"),
        (blocks[2], 1, "50.00", "FRST", "2026-12-10"),
    ] {
        assert!(
            block.contains(&format!(
                "<NbOfTxs>{count}</NbOfTxs><CtrlSum>{sum}</CtrlSum>"
            )),
            "{block}"
        );
        assert!(
            block.contains(&format!(
                "<SeqTp>{seq}</SeqTp></PmtTpInf><ReqdColltnDt>{day}</ReqdColltnDt>"
            )),
            "{block}"
        );
        assert!(block.contains(
            "<Othr><Id>DE98ZZZ09999999999</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr>"
        ));
    }
    // A bank inside the EEA unnamed, one outside by its BIC; names in the SEPA characters.
    assert!(blocks[0]
        .contains("<DbtrAgt><FinInstnId><Othr><Id>NOTPROVIDED</Id></Othr></FinInstnId></DbtrAgt>"));
    assert!(blocks[2]
        .contains("<DbtrAgt><FinInstnId><BICFI>UBSWCHZH80A</BICFI></FinInstnId></DbtrAgt>"));
    assert!(blocks[0].contains(
        "<Dbtr><Nm>Juergen Mueller + Soehne</Nm><PstlAdr><StrtNm>Hauptstrasse 5</StrtNm>"
    ));
    assert!(xml.contains("<Cdtr><Nm>Kaffeeroesterei Laden GmbH</Nm>"));
    assert!(blocks[0].contains("<InstdAmt Ccy=\"EUR\">24.99</InstdAmt><DrctDbtTx><MndtRltdInf><MndtId>MANDAT1042</MndtId><DtOfSgntr>2026-12-07</DtOfSgntr>"));
}

/// `scripts/check-sepa.py`'s reading of `files` (ISO 20022's schema, as `sepaxml` ships it).
fn checked(files: &[(&str, &str)]) -> Vec<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!("laden-pain008-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let paths: Vec<std::path::PathBuf> = files
        .iter()
        .map(|(name, xml)| {
            let path = dir.join(name);
            std::fs::write(&path, xml).expect("the file written");
            path
        })
        .collect();
    let out = std::process::Command::new("python3")
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../scripts/check-sepa.py"
        ))
        .args(&paths)
        .output()
        .expect("python3 runs scripts/check-sepa.py (make test installs sepaxml and lxml)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
    serde_json::from_slice(&out.stdout).expect("the check's JSON")
}

#[test]
fn the_file_validates_against_the_iso_20022_schema() {
    let xml = pain008(&sample_batch());
    // The check itself refuses a file the schema does not allow (an unknown payment method).
    let broken = xml.replace("<PmtMtd>DD</PmtMtd>", "<PmtMtd>XX</PmtMtd>");
    let read = checked(&[("debits.xml", &xml), ("broken.xml", &broken)]);
    assert_eq!(read[0]["valid"], true, "{}", read[0]["errors"]);
    assert_eq!(read[0]["transactions"], 4);
    assert_eq!(read[0]["sum"], "88.99");
    let blocks: Vec<(String, String, i64)> = read[0]["blocks"]
        .as_array()
        .expect("blocks")
        .iter()
        .map(|b| {
            (
                b["date"].as_str().unwrap_or_default().to_owned(),
                b["sequence"].as_str().unwrap_or_default().to_owned(),
                b["transactions"].as_i64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        blocks,
        [
            ("2026-12-09".into(), "FRST".into(), 2),
            ("2026-12-09".into(), "RCUR".into(), 1),
            ("2026-12-10".into(), "FRST".into(), 1)
        ]
    );
    assert_eq!(read[1]["valid"], false);
}
