"""A probe of short legal claims against one clause each: contradictions and restatements.

``CONTRADICTIONS`` pairs a claim with a clause that states something else (another
period, party, outcome, standard, frequency, date, or a denial); ``CONSISTENT`` with a
clause that bounds or permits it without stating it; ``RESTATEMENTS`` with a clause
that says the same in a contract's words. Each pair is aligned on its own
(``align(claim, [clause])``, default preset) and the probe counts:

- contradictions caught as a conflict, and those at least kept from ``supported``;
- consistent and restated claims given a conflict (false alarms), and their statuses.

These pairs were written by hand beside the fact rules, and rules were added for misses
among them: the figures are a development probe that guards against regressions and
shows what is still missed, not a held-out score. ``--pairs`` reads another set from a
JSON file ({contradictions, consistent, restatements}: lists of [claim, clause]);
``legal_pairs_heldout.json`` beside this file holds 100 / 30 / 40 pairs written without
sight of the rules (some rules were later written against its misses, so read its
figures as a development set too).

    python benchmarks/legal_probe.py            # the table
    python benchmarks/legal_probe.py --rows     # and every pair
    python benchmarks/legal_probe.py --pairs benchmarks/legal_pairs_heldout.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from citemark import align

CONTRADICTIONS: tuple[tuple[str, str], ...] = (
    (
        "The agreement is governed by New York law.",
        "This Agreement shall be governed by the laws of the State of Delaware.",
    ),
    (
        "The non-compete lasts two years.",
        "The Employee shall not compete for a period of one (1) year after termination.",
    ),
    (
        "The seller must give 30 days' notice.",
        "The Seller shall give sixty (60) days' prior written notice.",
    ),
    (
        "The buyer may terminate for convenience.",
        "Neither party may terminate this Agreement for convenience.",
    ),
    ("The license is exclusive.", "Licensor grants Licensee a non-exclusive license."),
    ("Interest accrues at 5% per annum.", "Interest shall accrue at the rate of 1.5% per month."),
    ("The agreement automatically renews.", "This Agreement shall not renew automatically."),
    (
        "The tenant is responsible for all repairs.",
        "The Landlord shall be responsible for all repairs.",
    ),
    (
        "Payment is due upon receipt.",
        "Payment is due within thirty (30) days of receipt of invoice.",
    ),
    ("The contract was signed on March 3, 2020.", "This Agreement is dated as of March 5, 2020."),
    ("The deposit is refundable.", "The deposit is non-refundable."),
    (
        "The employee is entitled to four weeks of vacation.",
        "The Employee is entitled to three (3) weeks of paid vacation.",
    ),
    (
        "The amendment requires a two-thirds vote.",
        "The amendment requires a majority vote of the members.",
    ),
    ("Royalties are paid quarterly.", "Royalties shall be paid monthly."),
    ("The agreement may be amended orally.", "This Agreement may be amended only in writing."),
    (
        "The consultant is an employee of the company.",
        "Consultant is an independent contractor and not an employee of the Company.",
    ),
    (
        "Confidentiality obligations end on termination.",
        "The confidentiality obligations shall survive termination of this Agreement.",
    ),
    (
        "The guarantors are jointly liable.",
        "The guarantors are severally, and not jointly, liable.",
    ),
    ("Late payments incur a 10% penalty.", "Late payments incur a late fee of five percent (5%)."),
    (
        "The seller may terminate upon 10 days' notice.",
        "The Seller may terminate upon thirty (30) days notice.",
    ),
    ("The lease is month-to-month.", "The lease is for a fixed term of one year."),
    (
        "The agreement terminates after three years.",
        "This Agreement shall continue until terminated by either party.",
    ),
    (
        "Employees are eligible for benefits immediately.",
        "Employees are eligible for benefits after ninety (90) days of employment.",
    ),
    ("The Board has seven members.", "The Board shall consist of five (5) directors."),
    (
        "The purchase price is $2 million.",
        "The Purchase Price is Two Million Five Hundred Thousand Dollars ($2,500,000).",
    ),
    ("The buyer pays the shipping costs.", "All shipping costs shall be borne by Seller."),
    (
        "Disputes are resolved by arbitration.",
        "Any dispute shall be resolved exclusively in the state courts of Texas, and the parties "
        "waive arbitration.",
    ),
    (
        "The warranty is void if the product is modified.",
        "The warranty remains valid if the product is modified.",
    ),
    (
        "The agreement can be terminated at any time.",
        "This Agreement may not be terminated prior to the end of the Initial Term.",
    ),
    (
        "The franchisee pays a royalty of 6% of gross sales.",
        "Franchisee shall pay a royalty equal to four percent (4%) of Gross Sales.",
    ),
    ("The option expires on December 31, 2025.", "The Option shall expire on June 30, 2025."),
    (
        "Either party may assign the agreement freely.",
        "Neither party may assign this Agreement without the prior written consent of the other "
        "party.",
    ),
    (
        "The indemnity covers gross negligence.",
        "The indemnity does not cover gross negligence or willful misconduct.",
    ),
    ("The tenant may keep pets.", "No pets are allowed on the premises."),
    (
        "The buyer has 10 days to inspect the goods.",
        "Buyer shall inspect the goods within five (5) business days after delivery.",
    ),
    (
        "The meeting requires a quorum of three directors.",
        "A quorum shall consist of a majority of the directors.",
    ),
    (
        "The company must hold an annual meeting.",
        "The Company shall hold a meeting of shareholders every two years.",
    ),
    ("The court affirmed the conviction.", "The appellate court reversed the conviction."),
    (
        "The contract is governed by English law.",
        "This contract is governed by the laws of France.",
    ),
    (
        "The employee's salary is $120,000 per year.",
        "The Company shall pay Employee an annual base salary of One Hundred Thousand Dollars "
        "($100,000).",
    ),
    ("The probation period is six months.", "The probationary period shall be ninety (90) days."),
    (
        "The employee may work remotely.",
        "Employee shall not work remotely without the approval of the Company.",
    ),
    (
        "The severance equals six months of salary.",
        "Employee shall receive severance equal to three (3) months of base salary.",
    ),
    ("The patent expires in 2030.", "The patent will expire in 2028."),
    (
        "The licensee may modify the software.",
        "Licensee shall not modify, adapt or translate the Software.",
    ),
    (
        "The royalty is payable annually.",
        "Royalties shall be payable quarterly within thirty (30) days after the end of each "
        "calendar quarter.",
    ),
    (
        "Shareholders vote by simple majority.",
        "Shareholder approval requires the affirmative vote of two-thirds of the outstanding "
        "shares.",
    ),
    ("The defendant was convicted of murder.", "The defendant was acquitted of murder."),
    ("The motion to dismiss was granted.", "The court denied the motion to dismiss."),
    ("The appeal was filed in 2019.", "The appeal was filed in 2021."),
    ("The plaintiff sought $5 million in damages.", "Plaintiff sought damages of $3 million."),
    ("The jury awarded punitive damages.", "The jury awarded only compensatory damages."),
    ("The property is sold as is.", "Seller warrants that the Property is free of defects."),
    (
        "The buyer must pay a 10% deposit.",
        "Buyer shall pay a deposit equal to five percent (5%) of the Purchase Price.",
    ),
    (
        "Closing occurs within 30 days.",
        "Closing shall occur no later than sixty (60) days after the Effective Date.",
    ),
    (
        "The loan bears a fixed interest rate.",
        "The Loan shall bear interest at a variable rate equal to SOFR plus 2%.",
    ),
    (
        "The loan matures in five years.",
        "The Loan shall mature on the tenth (10th) anniversary of the Closing Date.",
    ),
    (
        "The borrower may prepay without penalty.",
        "Any prepayment shall be subject to a prepayment premium of two percent (2%).",
    ),
    ("The notice period is 30 days.", "Either party may terminate on ninety (90) days' notice."),
    (
        "The agreement is non-exclusive.",
        "The Distributor is appointed as the exclusive distributor.",
    ),
    (
        "The seller is liable for consequential damages.",
        "In no event shall Seller be liable for consequential damages.",
    ),
    ("The tenant pays the property taxes.", "Landlord shall pay all real property taxes."),
    ("The settlement was approved by the court.", "The court rejected the proposed settlement."),
    ("The warranty covers parts and labor.", "The warranty covers parts only and excludes labor."),
    ("The statute applies retroactively.", "The statute applies only prospectively."),
    ("The sentence was ten years.", "He was sentenced to eight years in prison."),
    ("The merger closed in March 2021.", "The merger was completed in June 2021."),
    ("The company has 500 employees.", "The Company employs approximately 1,200 people."),
    ("The option price is $10 per share.", "The exercise price shall be $12.50 per share."),
    ("Dividends are paid semi-annually.", "Dividends are paid quarterly."),
    (
        "The agreement may be terminated by either party.",
        "Only the Company may terminate this Agreement.",
    ),
    (
        "The landlord must give 24 hours' notice before entry.",
        "Landlord shall give at least forty-eight (48) hours' notice before entering.",
    ),
    ("The executive is entitled to a bonus.", "The Executive shall not be entitled to any bonus."),
    ("The vesting period is four years.", "The options vest over a three-year period."),
    ("The cure period is 10 days.", "The breaching party shall have thirty (30) days to cure."),
    (
        "The trademark license is royalty-free.",
        "Licensee shall pay a royalty of three percent (3%) of Net Sales for use of the "
        "Trademarks.",
    ),
)

# Claims a clause bounds or permits without stating them: no contradiction, so no
# conflict is right ("at least quarterly" allows monthly; "not less than $1,000,000"
# allows $2 million; a permission with notice does not deny one without).
CONSISTENT: tuple[tuple[str, str], ...] = (
    ("The board meets monthly.", "The Board shall meet at least quarterly."),
    (
        "The contract requires the supplier to carry insurance of $2 million.",
        "Supplier shall maintain insurance with limits of not less than $1,000,000 per occurrence.",
    ),
    ("The penalty is a fine of $500.", "The offense is punishable by a fine of up to $1,000."),
    (
        "The landlord may enter without notice.",
        "The Landlord may enter the premises upon twenty-four (24) hours' notice.",
    ),
)

RESTATEMENTS: tuple[tuple[str, str], ...] = (
    (
        "The tenant must pay rent by the fifth day of each month.",
        "Rent is due on or before the 5th day of every month.",
    ),
    (
        "The agreement lasts for two years.",
        "The term of this Agreement shall be twenty-four (24) months.",
    ),
    (
        "Either party may terminate on 30 days' notice.",
        "This Agreement may be terminated by either party upon thirty (30) days' prior written "
        "notice.",
    ),
    (
        "The seller is not liable for indirect damages.",
        "In no event shall Seller be liable for any indirect, incidental or consequential damages.",
    ),
    (
        "The licensee may not sublicense the software.",
        "Licensee shall not sublicense the Software without Licensor's prior written consent.",
    ),
    (
        "The late fee is 1.5% per month.",
        "Late payments shall bear interest at the rate of one and one-half percent (1.5%) per "
        "month.",
    ),
    (
        "The deposit must be returned within 21 days.",
        "The landlord shall return the security deposit no later than twenty-one (21) days after "
        "the tenant vacates.",
    ),
    (
        "The employee cannot compete for one year after leaving.",
        "For a period of twelve (12) months following termination, Employee shall not engage in "
        "any competing business.",
    ),
    ("The buyer pays shipping.", "All shipping costs shall be borne by Buyer."),
    (
        "The contract is governed by California law.",
        "This Agreement shall be governed by the laws of the State of California.",
    ),
    (
        "The warranty lasts 90 days.",
        "Seller warrants the Products for a period of ninety (90) days from delivery.",
    ),
    (
        "Payment is due within 45 days of the invoice.",
        "Invoices are payable net forty-five (45) days from the invoice date.",
    ),
    (
        "The liability cap is $1 million.",
        "Supplier's aggregate liability shall not exceed One Million Dollars ($1,000,000).",
    ),
    (
        "The agreement started on January 1, 2020.",
        "This Agreement is effective as of the 1st day of January, 2020.",
    ),
    (
        "The agreement renews automatically each year.",
        "This Agreement shall automatically renew for successive one (1) year terms.",
    ),
    (
        "The company must keep the information confidential for five years.",
        "The Company shall maintain the confidentiality of the Confidential Information for a "
        "period of five (5) years.",
    ),
    (
        "The consultant is an independent contractor.",
        "Consultant is an independent contractor and not an employee of the Company.",
    ),
    (
        "The franchisee pays a royalty of 6% of gross sales.",
        "Franchisee shall pay Franchisor a continuing royalty equal to six percent (6%) of Gross "
        "Sales.",
    ),
    (
        "Disputes go to arbitration in New York.",
        "Any dispute shall be settled by arbitration held in New York, New York.",
    ),
    (
        "The tenant can't keep pets without permission.",
        "Tenant shall not keep any pets on the Premises without Landlord's prior written consent.",
    ),
    (
        "The license is exclusive in the territory.",
        "Licensor grants Licensee an exclusive license in the Territory.",
    ),
    (
        "The seller must deliver within two weeks.",
        "Seller shall deliver the Goods within fourteen (14) days after receipt of the order.",
    ),
    ("The parties split the costs equally.", "The costs shall be shared equally by the parties."),
    (
        "No assignment is allowed without consent.",
        "Neither party may assign this Agreement without the prior written consent of the other "
        "party.",
    ),
    ("The notice must be in writing.", "All notices under this Agreement shall be in writing."),
    (
        "Overtime is paid at time and a half.",
        "Overtime shall be paid at one and one-half (1.5) times the regular rate.",
    ),
    (
        "The lessee must insure the equipment for at least $500,000.",
        "Lessee shall maintain insurance on the Equipment of not less than five hundred thousand "
        "dollars ($500,000).",
    ),
    ("The court reversed the judgment.", "We reverse the judgment of the district court."),
    (
        "The statute of limitations is two years.",
        "An action must be commenced within two (2) years after the cause of action accrues.",
    ),
    (
        "The buyer has 10 business days to inspect.",
        "Buyer shall have ten (10) Business Days to inspect the Goods.",
    ),
)


def _pair_sets(path: Path | None) -> list[tuple[str, Sequence[Sequence[str]]]]:
    """The three sets of pairs: this file's, or those of a JSON file."""
    if path is None:
        return [
            ("contradictions", CONTRADICTIONS),
            ("consistent", CONSISTENT),
            ("restatements", RESTATEMENTS),
        ]
    loaded = json.loads(path.read_text(encoding="utf-8"))
    return [(label, loaded[label]) for label in ("contradictions", "consistent", "restatements")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", action="store_true", help="print every pair")
    parser.add_argument(
        "--pairs",
        type=Path,
        help="a JSON file of {contradictions, consistent, restatements}: lists of "
        "[claim, clause] pairs, read instead of the pairs above",
    )
    args = parser.parse_args()
    print("| pairs | count | conflict | supported | partial | unsupported |")
    print("|---|---:|---:|---:|---:|---:|")
    sets = _pair_sets(args.pairs)
    for label, pairs in sets:
        statuses: Counter[str] = Counter()
        conflicted = 0
        rows = []
        for claim, clause in pairs:
            (result,) = align(claim, [{"id": "S1", "text": clause}]).sentences
            statuses[result.status] += 1
            conflicted += bool(result.conflicts)
            said = "; ".join(f"{c.kind}: {c.text!r} vs {c.evidence!r}" for c in result.conflicts)
            rows.append(f"  {result.status:11} {claim} | {clause} | {said}")
        print(
            f"| {label} | {len(pairs)} | {conflicted} | {statuses['supported']} "
            f"| {statuses['partial']} | {statuses['unsupported']} |"
        )
        if args.rows:
            print("\n".join(rows))


if __name__ == "__main__":
    main()
