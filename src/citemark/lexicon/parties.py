"""The parties of a contract or a case, by the role words that name them.

Lower-case words with their plurals, not stems: Snowball makes "employer" the verb
"employ" and "mortgagee" the noun "mortgage".
"""

from __future__ import annotations

# The two sides of a contract, pair by pair: "The Licensee shall indemnify" is not "The
# Licensor shall indemnify".
OPPOSED_PARTIES = (
    "licensor licensee",
    "lessor lessee",
    "landlord tenant",
    "employer employee",
    "buyer seller",
    "borrower lender",
    "assignor assignee",
    "grantor grantee",
    "mortgagor mortgagee",
    "franchisor franchisee",
    "vendor purchaser",
    "debtor creditor",
    "supplier customer",
    "contractor client",
    "consultant client",
    "payor payee",
    "transferor transferee",
    "indemnitor indemnitee",
    "obligor obligee",
    "pledgor pledgee",
    "appellant appellee",
    "petitioner respondent",
    "insurer insured",
    "owner contractor",
    "company employee",
    "company executive",
    "provider customer",
    "vendor customer",
)
# The sides a contract names besides the paired ones: "The Supplier", "the Company",
# "Distributor". "Neither party may assign" denies it to each of them by name.
CONTRACT_PARTIES = tuple(
    """supplier customer company distributor contractor subcontractor
    consultant client provider manufacturer reseller partner shareholder investor guarantor
    owner agent principal publisher developer sponsor""".split()
)
# The role words a court's ruling may favour.
LITIGANTS = tuple(
    """plaintiff defendant appellant appellee petitioner respondent insurer
    insured claimant landlord tenant employer employee government state prosecution debtor
    creditor buyer seller lessor lessee licensor licensee""".split()
)
