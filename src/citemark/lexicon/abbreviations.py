"""Abbreviations of legal and general English, by how likely each is to end a sentence.

The segmenter reads them to decide where a full stop ends a sentence; the name scan
reads the same lists to tell "Civ. Code" (one name) and "Smith v. Jones" (a case) from
two sentences. Spellings are as written; the segmenter adds case variants.
"""

from __future__ import annotations

# Never end a sentence: always followed by more of it. First the case link, signals,
# Latin and titles; then (``LEGAL_NAME_PARTS``) the words of court, reporter, statute,
# code and party names, which the name scan reads as parts of one name ("Civ. Code").
_NEVER_GENERAL = (
    "v.", "vs.", "V.", "VS.", "Cf.", "cf.", "e.g.", "i.e.", "viz.", "Mr.", "Mrs.", "Ms.",
    "Messrs.", "Dr.", "Prof.", "Hon.", "Gen.", "Gov.", "Sen.", "Rep.", "Rev.", "Sgt.", "Capt.",
    "Lt.", "Col.", "Atty.", "approx.", "incl.", "excl.", "ca.", "cert.",
    # Spanish and French titles before a name ("la Dra. López", "Mme. Dubois")
    "Sra.", "Srta.", "Dra.", "Sres.", "Mme.", "Mlle.",
)  # fmt: skip
LEGAL_NAME_PARTS = (
    # courts and reporters
    "Cir.", "Fed.", "Supp.", "Ct.", "App.", "Dist.", "Bankr.", "Rptr.", "Ed.", "Super.",
    "Div.", "Cl.", "Cas.", "Mem.", "Op.", "Adm.", "Ch.", "Sup.", "Jud.", "Cent.",
    # statutes and rules
    "U.S.C.", "U.S.C.A.", "C.F.R.", "Stat.", "Reg.", "Regs.", "Pub.", "Ann.", "Cong.", "Sess.",
    "Rec.", "Const.", "Amend.", "Civ.", "Crim.", "Proc.", "Evid.", "Admin.",
    # words that appear in party names inside citations
    "Mfg.", "Sys.", "Servs.", "Serv.", "Indus.", "Prods.", "Assocs.", "Auth.",
    "Bd.", "Ctr.", "Cmty.", "Educ.", "Hosp.", "Mgmt.", "Tech.", "Transp.", "Univ.", "Elec.",
    "Fin.", "Grp.", "Hous.", "Ins.", "Mut.", "Nat.", "Int.", "Dept.", "Dep.", "Comm.",
    "Sav.", "Envtl.", "Pvt.", "Auto.", "Mfrs.", "Treas.",
    # court filings ("Defendant's Mot. to Dismiss", "Pl.'s Br. at 5", "Def.'s Resp.")
    "Mot.", "Pl.", "Pls.", "Def.", "Defs.", "Br.", "Resp.", "Decl.", "Dkt.",
    # statute and code names ("Tex. Bus. & Com. Code Ann.", "Cal. Welf. & Inst. Code")
    "Com.", "Prac.", "Rem.", "Prob.", "Veh.", "Welf.", "Inst.", "Agric.", "Bev.", "Corps.",
    "Harb.", "Hum.", "Res.", "Nav.", "Pen.", "Unemp.", "Mil.", "Vet.", "Legis.", "Cons.",
    "Occ.", "Loc.", "Spec.", "Stats.", "Ord.", "Mun.", "Twp.", "Cnty.", "Cty.", "Sch.",
    "Emp.", "Lab.", "Prop.", "Bus.", "Fam.", "Util.", "Comp.",
)  # fmt: skip
NEVER_ENDS = _NEVER_GENERAL + LEGAL_NAME_PARTS
# Court names that also end a sentence in running text ("heard in the 9th Cir. The
# panel"): read as starters by the segmenter (a typical opener after them starts a new
# sentence; a year or page, "(9th Cir. 1999)", never does), as name parts by the name scan.
COURT_ENDS = ("Cir.", "Ct.")

# Often the last word of a sentence: a capitalised word after them starts a new one.
COMPANY = (
    "Inc.", "Corp.", "Co.", "Ltd.", "LLC.", "L.L.C.", "L.L.P.", "L.P.", "P.C.", "P.A.", "N.A.",
    "S.A.", "N.V.", "B.V.", "A.G.", "Bros.", "Jr.", "Sr.", "Esq.", "Ph.D.", "M.D.", "J.D.",
    "etc.", "al.", "seq.", "Id.", "id.", "Ibid.", "ibid.",
)  # fmt: skip

# States, months, places, initials: they end a sentence only before a typical opener.
STARTER = (
    "U.S.", "U.S.A.", "U.K.", "U.N.", "E.U.", "D.C.", "a.m.", "p.m.",
    "Jan.", "Feb.", "Mar.", "Apr.", "Jun.", "Jul.", "Aug.", "Sep.", "Sept.", "Oct.", "Nov.",
    "Dec.", "St.", "Ave.", "Blvd.", "Rd.", "Mt.", "Ft.", "Hwy.", "Ste.",
    "Ala.", "Ariz.", "Ark.", "Cal.", "Calif.", "Colo.", "Conn.", "Del.", "Fla.", "Ga.", "Ill.",
    "Ind.", "Kan.", "Ky.", "La.", "Md.", "Mass.", "Mich.", "Minn.", "Miss.", "Mo.", "Mont.",
    "Neb.", "Nev.", "Okla.", "Or.", "Ore.", "Pa.", "Tenn.", "Tex.", "Va.", "Vt.", "Wash.",
    "Wis.", "Wyo.", "N.Y.", "N.J.", "N.C.", "S.C.", "N.D.", "S.D.", "N.H.", "N.M.", "W.Va.",
    "R.I.", "P.R.",
)  # fmt: skip

# A number follows them; before a capitalised word "No." is the word no.
NUMBERING = (
    "No.", "no.", "Nos.", "nos.", "Sec.", "sec.", "Secs.", "Art.", "art.", "Arts.", "para.",
    "paras.", "Para.", "subpara.", "subd.", "subsec.", "cl.", "ch.", "Pt.", "pt.", "Vol.",
    "vol.", "Fig.", "fig.", "Ex.", "Exh.", "ex.", "pp.", "pg.", "n.", "nn.", "fn.", "Tit.",
    "tit.",
)  # fmt: skip
