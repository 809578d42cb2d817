"""Every conflict rule, in the order they run (:data:`RULES`), with its trigger and examples.

The order is part of the output: conflicts are reported in it, and a rule that
``defers`` leaves out a conflict on claim words an earlier rule already reports.
A rule's trigger holds words one of which every claim it can fire on holds: those
its own function tests the claim for before it reads anything (its cheap early
return), or those every one of its claim patterns needs ("part" of "either party",
"world" of "worldwide"), so skipping it on their absence changes nothing. A rule that
also fires the other way round, on what a passage says (a contrast there, a "non-"
word there), or finds its words by a broad pattern has none and always runs.
"""

from __future__ import annotations

from .. import (
    appointments,
    bans,
    bounds,
    consent,
    contrast,
    counts,
    currency,
    forum,
    frequency,
    governing,
    opposites,
    prevailing,
    rates,
    rulings,
    scope,
    sequence,
    standards,
    swap,
    timing,
    warranty,
)
from .base import Example, Rule, Trigger, reading
from .rivals import (
    DIRECTION_WORDS,
    LIMIT_WORDS,
    duty_rivals,
    misplaced,
    name_rivals,
    polarity_rivals,
    turned,
    value_rivals,
)

RULES: tuple[Rule, ...] = (
    Rule(
        "value",
        value_rivals,
        trigger=None,
        examples=(
            Example("The fee is $5,000.", "The fee is €5,000.", ("$5,000", "€5,000")),
            Example("The fee is $5,000.", "The fee is $5,000.00.", None),
            # a bound is read as an interval: a value outside it is another value, one
            # inside backs it
            Example(
                "The film was reviewed by less than 77 critics.",
                "The film was reviewed by 80 critics.",
                ("77", "80"),
            ),
            Example(
                "The film was reviewed by less than 77 critics.",
                "The film was reviewed by 76 critics.",
                None,
            ),
        ),
        defers=False,
        claim_order=True,
    ),
    Rule(
        "name",
        name_rivals,
        trigger=None,
        examples=(
            Example(
                "The agreement is governed by New York law.",
                "This Agreement is governed by the laws of the State of Delaware.",
                ("New York", "State of Delaware"),
            ),
            Example(
                "LaRusso won the tournament.",
                "Daniel won the tournament.",
                None,
            ),
        ),
        defers=False,
        claim_order=True,
    ),
    Rule(
        "negation",
        polarity_rivals,
        trigger=None,
        examples=(
            Example(
                "The court has jurisdiction.",
                "The court lacks jurisdiction.",
                ("has jurisdiction", "lacks jurisdiction"),
            ),
            Example("The tenant may not keep pets.", "The landlord may keep pets.", None),
        ),
        defers=False,
        claim_order=True,
    ),
    Rule(
        "duty",
        duty_rivals,
        trigger=None,
        examples=(
            Example(
                "The landlord must return the deposit.",
                "The Landlord may return the deposit.",
                ("must return", "may return"),
            ),
            Example(
                "The landlord may return the deposit.",
                "The Landlord shall return the deposit.",
                None,
            ),
        ),
        defers=False,
        claim_order=True,
    ),
    Rule(
        "direction",
        turned,
        trigger=Trigger((*DIRECTION_WORDS, *LIMIT_WORDS)),
        examples=(
            Example(
                "The fee is at least $500.",
                "The fee is at most $500.",
                ("at least $500", "at most $500"),
            ),
            Example(
                "The Licensee must give at least forty-five (45) days' notice of renewal.",
                "The Licensee shall give notice of renewal no longer than 45 days before expiry.",
                ("at least forty-five (45) days", "no longer than 45 days"),
            ),
            Example("The fee is at least $500.", "The fee is $500.", None),
        ),
        defers=False,
    ),
    Rule(
        "misplaced",
        misplaced,
        trigger=None,
        examples=(
            Example(
                "The security deposit is $2,400.",
                "The monthly rent is $2,400. The security deposit is $4,800.",
                ("$2,400", "$4,800"),
            ),
            Example(
                "The security deposit is $2,400.",
                "The monthly rent is $2,400. The deposit for keys is $50.",
                None,
            ),
        ),
        defers=False,
    ),
    Rule(
        "opposite",
        reading(opposites.opposite_conflicts, "words"),
        trigger=None,
        examples=(
            Example("The court affirmed.", "We reverse and remand.", ("affirmed", "reverse")),
            Example("Sales increased in 2019.", "Costs decreased in 2019.", None),
        ),
    ),
    Rule(
        "standard",
        reading(standards.standard_conflicts),
        trigger=None,
        examples=(
            Example(
                "The agreement is terminable at will.",
                "The agreement may be terminated only for cause.",
                ("at will", "only for cause"),
            ),
            Example(
                "The Distributor must use best efforts.",
                "Distributor shall use commercially reasonable efforts.",
                None,
            ),
        ),
    ),
    Rule(
        "restriction",
        reading(scope.restriction_conflicts),
        trigger=Trigger(("all", "every", "any", "each", "only")),
        examples=(
            Example(
                "All employees are eligible for the bonus.",
                "Only employees with at least two years of service are eligible for the bonus.",
                ("All employees", "Only employees with"),
            ),
            Example(
                "All employees are eligible for the bonus.",
                "Not only employees with two years of service are eligible for the bonus.",
                None,
            ),
        ),
    ),
    Rule(
        "side",
        reading(scope.side_conflicts),
        trigger=Trigger(("only", "part")),
        examples=(
            Example(
                "Either party may terminate the lease.",
                "The lease may be terminated only by the Landlord.",
                ("Either party", "only by the Landlord"),
            ),
            Example(
                "Either party may terminate the lease.",
                "The Landlord may terminate the lease.",
                None,
            ),
        ),
    ),
    Rule(
        "place",
        reading(scope.place_conflicts),
        trigger=Trigger(("world", "countr")),
        examples=(
            Example(
                "The non-compete applies worldwide.",
                "The non-compete applies only within the United States.",
                ("worldwide", "only within the United States"),
            ),
            Example(
                "The non-compete applies worldwide.",
                "The non-compete applies in the United States.",
                None,
            ),
        ),
    ),
    Rule(
        "any-time",
        reading(scope.any_time_conflicts),
        trigger=Trigger(("time", "purpose")),
        examples=(
            Example(
                "The option is exercisable at any time.",
                "The option is exercisable only after the third anniversary of the grant.",
                ("at any time", "only after"),
            ),
            Example(
                "The option is exercisable at any time.",
                "Dividends are payable only after the annual meeting.",
                None,
            ),
        ),
    ),
    Rule(
        "swap",
        reading(swap.swap_conflicts, "sources"),
        trigger=None,
        examples=(
            Example(
                "The Company will indemnify the Consultant.",
                "The Consultant will indemnify the Company.",
                ("Company", "Consultant"),
            ),
            Example(
                "The Company will indemnify the Consultant.",
                "The Consultant shall not indemnify the Company.",
                None,
            ),
        ),
    ),
    Rule(
        "exclusion",
        reading(scope.exclusion_conflicts),
        trigger=Trigger(("cover", "includ", "exclud", "except", "other", "but", "save")),
        examples=(
            Example(
                "The price includes taxes.",
                "The price excludes taxes.",
                ("includes taxes", "excludes taxes"),
            ),
            Example(
                "The warranty covers labor.", "The warranty excludes labor by third parties.", None
            ),
        ),
    ),
    Rule(
        "contrast",
        reading(contrast.contrast_conflicts),
        trigger=None,
        examples=(
            Example(
                "The warranty covers replacement.",
                "The warranty covers repair, not replacement.",
                ("replacement", "not replacement"),
            ),
            Example(
                "The buyer is entitled to store credit.",
                "The buyer is entitled to store credit, not a full refund.",
                None,
            ),
        ),
    ),
    Rule(
        "joint",
        reading(contrast.joint_conflicts),
        trigger=Trigger(("joint",)),
        examples=(
            Example(
                "The parties are jointly and severally liable.",
                "Each party is severally liable, and not jointly liable, for its share.",
                ("jointly and severally", "not jointly"),
            ),
            Example(
                "The Borrowers are jointly and severally liable.",
                (
                    "Members will not be jointly or severally liable for the actions of "
                    "other Members."
                ),
                None,
            ),
        ),
    ),
    Rule(
        "timing",
        reading(timing.timing_conflicts, "facts_of"),
        trigger=None,
        examples=(
            Example(
                "The note is payable on demand.",
                "The note is payable on June 30, 2026.",
                ("on demand", "June 30, 2026"),
            ),
            Example(
                "The employee may resign immediately.",
                "The employee must give 30 days' notice before resigning.",
                None,
            ),
        ),
    ),
    Rule(
        "term",
        reading(timing.term_conflicts, "facts_of"),
        trigger=None,
        examples=(
            Example(
                "Confidentiality obligations last five years.",
                "Confidentiality obligations last indefinitely.",
                ("five years", "indefinitely"),
            ),
            Example(
                "The obligations survive for five years.",
                (
                    "The obligations survive for five years; trade secret obligations "
                    "survive indefinitely."
                ),
                None,
            ),
        ),
    ),
    Rule(
        "bound",
        reading(bounds.bound_conflicts),
        trigger=Trigger(bounds.TRIGGER_WORDS),
        examples=(
            Example(
                "The license is perpetual.",
                "The license has a term of five (5) years.",
                ("perpetual", "has a term of"),
            ),
            Example("The agreement has a term of five years.", "The license is perpetual.", None),
        ),
    ),
    Rule(
        "forum",
        reading(forum.forum_conflicts),
        trigger=Trigger(("arbitra", "court", "litigat")),
        examples=(
            Example(
                "All disputes will be resolved in court.",
                "All disputes shall be resolved by binding arbitration under the AAA rules.",
                ("court", "arbitration"),
            ),
            Example(
                "Disputes are never taken to court.",
                "All disputes shall be resolved by binding arbitration.",
                None,
            ),
        ),
    ),
    Rule(
        "ban",
        reading(bans.ban_conflicts),
        trigger=Trigger(("may", "can", "allowed", "permitted", "entitled", "free")),
        examples=(
            Example(
                "The tenant may keep pets.",
                "Pets are prohibited.",
                ("may keep", "Pets are prohibited"),
            ),
            Example("Guests are allowed.", "No pets shall be allowed.", None),
        ),
    ),
    Rule(
        "consent",
        reading(consent.consent_conflicts),
        trigger=Trigger(consent.TRIGGER_WORDS),
        examples=(
            Example(
                "Either party may assign the agreement without consent.",
                "No assignment shall be made without the prior written consent of Buyer.",
                (
                    "may assign the agreement without consent",
                    "No assignment shall be made without the prior written consent",
                ),
            ),
            Example(
                "The tenant may not assign the lease without the landlord's consent.",
                (
                    "The Tenant shall not assign this Lease without the Landlord's prior "
                    "written consent."
                ),
                None,
            ),
        ),
    ),
    Rule(
        "frequency",
        reading(frequency.frequency_conflicts),
        trigger=Trigger(frequency.TRIGGER_WORDS),
        examples=(
            Example(
                "Rent is payable in equal monthly installments.",
                "Rent is payable quarterly.",
                ("monthly", "quarterly"),
            ),
            Example("The board meets monthly.", "The Board shall meet at least quarterly.", None),
        ),
    ),
    Rule(
        "currency",
        reading(currency.currency_conflicts),
        trigger=None,
        examples=(
            Example(
                "All payments are made in euros.",
                "All payments shall be made in U.S. dollars.",
                ("euros", "U.S. dollars"),
            ),
            Example("The fee is $5,000.", "The fee is €4,600.", None),
        ),
    ),
    Rule(
        "rate",
        reading(rates.rate_conflicts, "facts_of"),
        trigger=Trigger(rates.TRIGGER_WORDS),
        examples=(
            Example(
                "Rent is $2,400 monthly.",
                "Rent is $2,400 a year.",
                ("$2,400 monthly", "$2,400 a year"),
            ),
            Example("Rent is $2,400 per year.", "Rent is $2,400 annually.", None),
        ),
    ),
    Rule(
        "warranty",
        reading(warranty.warranty_conflicts),
        trigger=Trigger(("disclaim", "as is", "as-is", "without", "warrant", "guarant")),
        examples=(
            Example(
                "The goods are warranted against defects.",
                "THE GOODS ARE SOLD AS IS.",
                ("warranted", "AS IS"),
            ),
            Example(
                "The Seller does not warrant merchantability.",
                "The Seller disclaims all warranties of merchantability.",
                None,
            ),
        ),
    ),
    Rule(
        "count",
        reading(counts.count_conflicts, "facts_of"),
        trigger=None,
        examples=(
            Example(
                "The tenant may renew the lease for one additional term.",
                "The tenant may renew the lease for two additional terms.",
                ("one", "two"),
            ),
            Example("The company has one office.", "The company has offices in two cities.", None),
        ),
    ),
    Rule(
        "appointment",
        reading(appointments.appointment_conflicts),
        trigger=None,
        examples=(
            Example(
                "The plaintiff, Acme Robotics Corp., moved to dismiss.",
                (
                    "On March 12, 2024, the Court heard Defendant Acme Robotics Corp.'s "
                    "motion to dismiss."
                ),
                ("plaintiff", "Defendant"),
            ),
            Example(
                "The seller is Smith LLC.",
                (
                    "This Agreement is made among Jones LLC, Smith LLC and Brown LLC (each "
                    'a "Seller").'
                ),
                None,
            ),
        ),
    ),
    Rule(
        "sequence",
        reading(sequence.sequence_conflicts),
        trigger=Trigger(sequence.TRIGGER_WORDS),
        examples=(
            Example(
                "The purchase price is paid after closing.",
                (
                    "The Purchase Price shall be paid in full by Buyer by wire transfer of "
                    "immediately available funds at or prior to the Closing."
                ),
                ("after", "prior to"),
            ),
            Example(
                "The closing happens after the buyer inspects the property.",
                "Buyer shall inspect the Property prior to the Closing.",
                None,
            ),
        ),
    ),
    Rule(
        "ruling",
        reading(rulings.ruling_conflicts),
        trigger=Trigger(rulings.TRIGGER_WORDS),
        examples=(
            Example(
                "The breach of contract claim was dismissed.",
                (
                    "The motion is GRANTED as to Plaintiff's fraud claim, which is "
                    "dismissed with leave to amend. The motion is DENIED as to Plaintiff's "
                    "breach of contract claim."
                ),
                ("dismissed", "DENIED"),
            ),
            Example(
                "The court granted summary judgment to the insurer.",
                "Westfield is the insurer. The court granted summary judgment to Westfield.",
                None,
            ),
        ),
    ),
    Rule(
        "prevailing",
        reading(prevailing.prevailing_conflicts),
        trigger=Trigger(prevailing.TRIGGER_WORDS),
        examples=(
            Example(
                "The trial court granted summary judgment to Harlan.",
                (
                    "Plaintiff Harlan sued Westfield Mutual for breach of contract after "
                    "Westfield denied coverage. The trial court granted summary judgment to "
                    "Westfield, and the Court of Appeals affirmed."
                ),
                ("granted summary judgment to Harlan", "granted summary judgment to Westfield"),
            ),
            Example(
                "The court granted summary judgment to the insurer.",
                "Westfield is the insurer. The court granted summary judgment to Westfield.",
                None,
            ),
        ),
    ),
    Rule(
        "governing",
        reading(governing.governing_conflicts),
        trigger=Trigger(("govern", " law")),
        examples=(
            Example(
                "This Agreement is governed by federal law.",
                "This Agreement is governed by the laws of the State of New York.",
                ("federal", "New York"),
            ),
            Example(
                "English law governs the agreement.",
                "This Agreement shall be governed by the laws of England and Wales.",
                None,
            ),
        ),
    ),
)

RULE_NAMES: tuple[str, ...] = tuple(rule.name for rule in RULES)
