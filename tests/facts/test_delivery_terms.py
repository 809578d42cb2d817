"""Where the risk in the goods passes: at the seller's end ("FOB Seller's facility",
"EXW", "FCA") against at the buyer's ("FOB destination", "DDP", "DAP"). Two terms of one
group, another kind of goods, a code that names no delivery ("21 CFR 803", "the CIP
program") are none."""

from __future__ import annotations

import pytest
from fact_pairs import conflicts


@pytest.mark.parametrize(
    ("claim", "passage", "expected"),
    [
        (
            "The Seller must deliver the goods FOB destination.",
            "All deliveries shall be made FOB Seller's facility.",
            ("FOB destination", "FOB Seller's facility"),
        ),
        (
            "Delivery is DDP.",
            "All Products shall be delivered EXW (Incoterms 2020) Supplier's plant.",
            ("DDP", "EXW"),
        ),
        (
            "The products are shipped ex works.",
            "Supplier shall deliver the Products DAP Buyer's warehouse (Incoterms 2020).",
            ("ex works", "DAP"),
        ),
        (
            "Goods are sold F.O.B. shipping point.",
            "All goods shall be delivered Delivered Duty Paid to the Buyer's site.",
            ("F.O.B. shipping point", "Delivered Duty Paid"),
        ),
    ],
)
def test_delivery_at_the_other_end_conflicts(
    claim: str, passage: str, expected: tuple[str, str]
) -> None:
    assert conflicts(claim, passage) == [("opposite", *expected)]


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # one group: where the goods pass is the same
        ("Delivery is Ex Works.", "Products are sold FCA Seller's warehouse (Incoterms 2020)."),
        ("Delivery is DDP.", "Products are delivered DAP Buyer's warehouse."),
        # another kind of goods
        (
            "Products are delivered DDP to the Customer.",
            "Customer-supplied materials are delivered to the Manufacturer FCA.",
        ),
        # a code that names no delivery
        ("The CIP program funds repairs.", "Delivery is DAP."),
        (
            "Products are shipped DAP Reseller's warehouse.",
            "The Reseller shall report product problems under 21 CFR 803.",
        ),
    ],
)
def test_one_group_other_goods_or_no_delivery_is_no_conflict(claim: str, passage: str) -> None:
    assert [c for c in conflicts(claim, passage) if c[0] == "opposite"] == []
