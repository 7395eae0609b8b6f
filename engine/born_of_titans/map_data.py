"""The data of this edition's map of Born of Titans: its Sites, Points, segments and what each Site is in the myths."""

# Sites: id, name, kind, longitude, latitude, Quest Site number. All on land but the Sea Monster Sites.
SITE_ROWS = (
    ("massalia", "Massalia", "city", 5.37, 43.35, None),
    ("syracuse", "Syracuse", "city", 15.2, 37.1, None),
    ("athens", "Athens", "city", 23.73, 38.0, None),
    ("sparta", "Sparta", "city", 22.43, 37.1, None),
    ("iolcus", "Iolcus", "city", 22.9, 39.38, None),
    ("troy", "Troy", "city", 26.35, 39.85, None),
    ("knossos", "Knossos", "city", 25.16, 35.26, None),
    ("mesembria", "Mesembria", "city", 27.65, 42.66, None),
    ("sinope", "Sinope", "city", 35.0, 41.95, None),
    ("tyre", "Tyre", "city", 35.3, 33.27, None),
    ("cyrene", "Cyrene", "city", 21.86, 32.72, None),
    ("delphi", "Delphi", "oracle", 22.5, 38.55, None),
    ("dodona", "Dodona", "oracle", 20.85, 39.6, None),
    ("didyma", "Didyma", "oracle", 27.4, 37.38, None),
    ("ammon", "Oracle of Ammon (Siwa)", "oracle", 25.52, 29.25, None),
    ("taenarum", "Cape Taenarum", "underworld", 22.45, 36.45, None),
    ("avernus", "Lake Avernus", "underworld", 14.2, 40.9, None),
    ("acherusia", "Acherusian Cave (Heraclea)", "underworld", 31.5, 41.2, None),
    ("quest_1", "Quest Site 1 (Garden of the Hesperides)", "quest", -6.0, 35.1, 1),
    ("quest_2", "Quest Site 2 (Lake Tritonis)", "quest", 8.6, 33.8, 2),
    ("quest_3", "Quest Site 3 (Salmydessus)", "quest", 27.95, 41.55, 3),
    ("quest_4", "Quest Site 4 (Colchis)", "quest", 42.2, 42.2, 4),
    ("quest_5", "Quest Site 5 (Lycia)", "quest", 30.4, 36.55, 5),
    ("quest_6", "Quest Site 6 (Pharos)", "quest", 29.9, 31.15, 6),
    ("messina", "Strait of Messina", "sea_monster", 15.62, 38.2, None),
    ("bosporus", "Clashing Rocks (Bosporus)", "sea_monster", 29.1, 41.2, None),
    ("joppa", "Rock of Joppa", "sea_monster", 34.5, 32.1, None),
)

# Points: id, name, land, longitude, latitude.
POINT_ROWS = (
    ("p_pillars", "Pillars of Heracles", False, -5.55, 35.97),
    ("p_alboran", "Alboran Sea", False, -2.8, 36.15),
    ("p_iberia", "Iberian Sea", False, 1.5, 37.8),
    ("p_sardinian", "Sardinian Sea", False, 6.6, 39.6),
    ("p_gulf_lion", "Gulf of Lion", False, 4.6, 42.5),
    ("p_ligurian", "Ligurian Sea", False, 9.9, 43.35),
    ("p_tyrrhenian", "Tyrrhenian Sea", False, 11.8, 40.3),
    ("p_tunis", "Off Carthage", False, 10.0, 37.75),
    ("p_campania", "Bay of Naples", False, 13.6, 40.45),
    ("p_aeolian", "Aeolian Isles", False, 14.8, 38.75),
    ("p_sicily_n", "Off Panormus", False, 12.9, 38.5),
    ("p_sicily_w", "Off Lilybaeum", False, 11.8, 37.75),
    ("p_channel", "Sicilian Channel", False, 12.3, 36.4),
    ("p_malta", "Off Melite", False, 14.8, 36.25),
    ("p_ionian_w", "Off Rhegium", False, 15.75, 37.45),
    ("p_tarentum", "Gulf of Tarentum", False, 17.4, 39.6),
    ("p_epirus", "Off Epirus", False, 19.9, 38.95),
    ("p_ionian", "Ionian Sea", False, 18.5, 37.6),
    ("p_ionian_isles", "Ionian Isles", False, 21.0, 38.28),
    ("p_ionian_s", "South Ionian Sea", False, 19.5, 35.3),
    ("p_gabes", "Lesser Syrtis", False, 11.4, 34.1),
    ("p_syrtis", "Greater Syrtis", False, 18.3, 32.4),
    ("p_cyrene", "Off Apollonia", False, 21.9, 33.45),
    ("p_corinth_gulf", "Gulf of Corinth", False, 22.3, 38.22),
    ("p_saronic", "Saronic Gulf", False, 23.65, 37.6),
    ("p_laconian", "Laconian Gulf", False, 22.7, 36.2),
    ("p_matapan", "Off Taenarum", False, 22.0, 35.95),
    ("p_kythera", "Off Cythera", False, 23.2, 35.7),
    ("p_cretan", "Cretan Sea", False, 24.8, 35.95),
    ("p_crete_e", "Off Itanos", False, 26.7, 35.15),
    ("p_libyan_sea", "Libyan Sea", False, 24.8, 34.45),
    ("p_cyclades", "Cyclades", False, 24.6, 37.05),
    ("p_chios", "Off Chios", False, 25.5, 38.3),
    ("p_lesbos", "Off Lesbos", False, 25.5, 39.2),
    ("p_north_aegean", "North Aegean", False, 24.1, 39.65),
    ("p_troad", "Off Tenedos", False, 25.75, 39.75),
    ("p_hellespont", "Hellespont", False, 26.5, 40.27),
    ("p_propontis", "Propontis", False, 28.6, 40.7),
    ("p_icarian", "Icarian Sea", False, 26.5, 37.4),
    ("p_dodecanese", "Off Cos", False, 27.25, 36.45),
    ("p_rhodes", "Off Rhodes", False, 28.5, 36.55),
    ("p_lycian", "Lycian Sea", False, 29.7, 35.95),
    ("p_pamphylian", "Pamphylian Sea", False, 31.5, 36.2),
    ("p_cyprus_w", "Off Paphos", False, 32.0, 34.9),
    ("p_cyprus_s", "South of Cyprus", False, 33.4, 34.2),
    ("p_carmel", "Off Carmel", False, 34.6, 32.8),
    ("p_sinai", "Off Pelusium", False, 33.2, 31.55),
    ("p_nile", "Mouths of the Nile", False, 31.3, 31.95),
    ("p_alexandria", "Off Alexandria", False, 29.5, 31.75),
    ("p_marmarica", "Off Marmarica", False, 25.9, 32.3),
    ("p_euxine_w", "Off Thynias", False, 29.9, 41.75),
    ("p_thynias", "Off Salmydessus", False, 28.7, 42.05),
    ("p_apollonia", "Gulf of Apollonia", False, 28.35, 42.65),
    ("p_euxine_mid", "Off Tauris", False, 33.9, 43.5),
    ("p_euxine_s", "Off Amastris", False, 32.3, 42.1),
    ("p_themiscyra", "Off Themiscyra", False, 37.2, 41.8),
    ("p_phasis", "Off Phasis", False, 40.3, 42.0),
    ("b_mauretania", "Mauretania", True, -4.0, 34.85),
    ("b_carthage", "Carthage", True, 10.1, 36.7),
    ("b_tacape", "Tacape", True, 9.8, 33.95),
    ("b_sicily", "Mount Aetna", True, 14.1, 37.55),
    ("b_lucania", "Lucania", True, 15.9, 40.5),
    ("b_acarnania", "Acarnania", True, 21.1, 38.95),
    ("b_aetolia", "Aetolia", True, 21.8, 38.75),
    ("b_boeotia", "Thebes", True, 23.32, 38.4),
    ("b_thessaly", "Thessaly", True, 22.0, 39.5),
    ("b_macedonia", "Macedonia", True, 22.4, 41.1),
    ("b_hebrus", "Hebrus", True, 25.8, 41.35),
    ("b_thrace", "Thrace", True, 26.8, 41.9),
    ("b_isthmus", "Isthmus of Corinth", True, 22.95, 37.88),
    ("b_laconia", "Laconia", True, 22.47, 36.75),
    ("b_crete", "Mount Ida", True, 24.65, 35.2),
    ("b_paraetonium", "Paraetonium", True, 27.3, 31.1),
    ("b_mareotis", "Lake Mareotis", True, 29.0, 30.6),
    ("b_mysia", "Mysia", True, 27.6, 39.7),
    ("b_caria", "Caria", True, 28.3, 37.5),
    ("b_bithynia", "Bithynia", True, 30.2, 40.55),
    ("b_paphlagonia", "Paphlagonia", True, 33.5, 41.3),
    ("b_pontus", "Pontus", True, 36.5, 40.6),
    ("b_trapezus", "Trapezus", True, 40.8, 40.6),
)

# Each node with the neighbours listed after it (every segment is listed once, from either end).
SEGMENT_LINES = """
massalia: p_gulf_lion
syracuse: p_ionian_w p_malta b_sicily
athens: p_saronic b_isthmus b_boeotia
sparta: b_isthmus b_laconia
iolcus: b_thessaly p_north_aegean
troy: p_troad p_hellespont b_mysia
knossos: p_cretan p_crete_e b_crete
mesembria: p_apollonia b_thrace
sinope: p_euxine_s p_euxine_mid p_themiscyra b_paphlagonia b_pontus
tyre: p_carmel p_cyprus_s
cyrene: p_cyrene p_marmarica
delphi: b_boeotia b_aetolia
dodona: b_acarnania b_thessaly
didyma: p_icarian p_dodecanese b_caria
ammon: b_paraetonium
taenarum: p_laconian p_matapan b_laconia
avernus: p_campania b_lucania
acherusia: p_euxine_s b_bithynia b_paphlagonia
quest_1: p_pillars b_mauretania
quest_2: b_carthage b_tacape
quest_3: p_thynias b_thrace
quest_4: p_phasis b_trapezus
quest_5: p_lycian p_pamphylian b_caria
quest_6: p_alexandria p_nile b_mareotis
messina: p_aeolian p_ionian_w
bosporus: p_propontis p_euxine_w
joppa: p_sinai p_carmel
p_pillars: p_alboran
p_alboran: p_iberia b_mauretania
p_iberia: p_sardinian p_tunis
p_sardinian: p_gulf_lion p_tunis
p_gulf_lion: p_ligurian
p_ligurian: p_tyrrhenian
p_tyrrhenian: p_campania p_aeolian p_sicily_n p_tunis
p_tunis: p_sicily_w b_carthage
p_campania: p_aeolian
p_aeolian: p_sicily_n
p_sicily_n: p_sicily_w b_sicily
p_sicily_w: p_channel
p_channel: p_malta p_gabes b_carthage
p_malta: p_ionian_w p_ionian_s p_gabes
p_ionian_w: p_ionian
p_tarentum: b_lucania p_epirus p_ionian
p_epirus: b_acarnania p_ionian p_ionian_isles
p_ionian: p_ionian_isles p_ionian_s
p_ionian_isles: p_corinth_gulf p_matapan
p_ionian_s: p_matapan p_syrtis p_cyrene p_libyan_sea
p_gabes: b_tacape p_syrtis
p_syrtis: p_cyrene
p_cyrene: p_marmarica
p_corinth_gulf: b_isthmus b_boeotia b_aetolia
p_saronic: b_isthmus p_cyclades
p_laconian: b_laconia p_kythera
p_matapan: p_kythera
p_kythera: p_cretan p_cyclades p_libyan_sea
p_cretan: p_cyclades p_crete_e
p_crete_e: p_dodecanese p_libyan_sea
p_libyan_sea: b_crete p_marmarica
p_cyclades: p_chios p_icarian
p_chios: p_lesbos p_north_aegean p_icarian
p_lesbos: p_north_aegean p_troad
p_north_aegean: p_troad
p_troad: p_hellespont
p_hellespont: p_propontis b_hebrus
p_propontis: b_bithynia
p_icarian: p_dodecanese
p_dodecanese: p_rhodes
p_rhodes: p_lycian
p_lycian: p_pamphylian p_cyprus_w
p_pamphylian: p_cyprus_w
p_cyprus_w: p_cyprus_s p_alexandria
p_sinai: p_nile
p_nile: p_alexandria
p_alexandria: p_marmarica
p_marmarica: b_paraetonium
p_euxine_w: p_thynias p_euxine_s
p_thynias: p_apollonia
p_apollonia: p_euxine_mid
p_euxine_mid: p_euxine_s
p_themiscyra: p_phasis p_euxine_mid
b_aetolia: b_acarnania b_thessaly
b_thessaly: b_macedonia
b_macedonia: b_hebrus p_north_aegean
b_hebrus: b_thrace
b_thrace: p_apollonia
b_bithynia: b_paphlagonia
b_paphlagonia: b_pontus
b_pontus: b_trapezus
b_mareotis: b_paraetonium
p_carmel: p_cyprus_s
b_mysia: b_bithynia b_caria
"""


# What each Site is in the myths (one line each, shown in the in-app rules).
LORE: dict[str, str] = {
    "massalia": "the Phocaeans' city at the mouth of the Rhone, where Heracles fought the Ligurians",
    "syracuse": "Corinth's city in Sicily, by the spring of the nymph Arethusa",
    "athens": "Athena's city, home of Theseus",
    "sparta": "Menelaus' city, home of Helen and the Dioscuri",
    "iolcus": "Jason's city, from which the Argo sailed",
    "troy": "Priam's city on the Hellespont",
    "knossos": "Minos' city in Crete, with the Labyrinth",
    "mesembria": "a Greek city on the Black Sea coast of Thrace",
    "sinope": "the city of the nymph Sinope on the Black Sea, a harbour of the Argonauts",
    "tyre": "the Phoenician city of Cadmus and Europa",
    "cyrene": "the city of the nymph Cyrene in Libya",
    "delphi": "Apollo's oracle and the Pythia, at the navel of the world",
    "dodona": "Zeus' oracle of the speaking oaks in Epirus",
    "didyma": "Apollo's oracle by Miletus",
    "ammon": "Zeus Ammon's oracle in the Libyan desert, consulted by Perseus and Heracles",
    "taenarum": "the cave at the tip of the Peloponnese through which Heracles dragged Cerberus",
    "avernus": "the crater lake by Cumae where Aeneas went down to the dead",
    "acherusia": "the Acherusian cave at Heraclea on the Black Sea, another road of Heracles to Hades",
    "quest_1": "the Hesperides' garden of golden apples at the western edge of the world",
    "quest_2": "the lake where Athena was born and the Argonauts were lost in Libya",
    "quest_3": "where the Harpies plagued the blind seer Phineus",
    "quest_4": "Aeetes' kingdom at the end of the Black Sea, where the Golden Fleece hung",
    "quest_5": "the land of the Chimaera, slain by Bellerophon",
    "quest_6": "the isle off Egypt where Menelaus wrestled Proteus, the Old Man of the Sea",
    "messina": "Scylla on one side and Charybdis on the other",
    "bosporus": "the Symplegades, the rocks that clashed on ships until the Argo passed",
    "joppa": "where the sea monster Ketos came for Andromeda and Perseus slew it",
}
