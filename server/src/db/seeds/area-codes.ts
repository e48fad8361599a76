/**
 * The area codes in service in the 50 states and DC, each with cities it serves (written by hand, 2026;
 * see decision 023). Codes joined by "/" are overlays of one territory and share its cities. The seed
 * gives a company a code of the nearest of these cities in its state, so a Vancouver, WA mover gets 360,
 * not Tacoma's 253. Names are written as the seed's city data writes them ("Saint Paul", "Fort Worth").
 *
 * Why not a package: the one on npm (`areacodes`) places each code at the centroid of its territory, and
 * a ring-shaped territory's centroid falls in the city it surrounds (360's lands in Seattle).
 */

// prettier-ignore
export const AREA_CODES_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  AL: ['205/659 Birmingham, Tuscaloosa, Jasper', '251 Mobile, Daphne, Fairhope, Foley', '256/938 Huntsville, Decatur, Gadsden, Florence, Anniston, Cullman', '334 Montgomery, Auburn, Dothan, Opelika, Selma, Enterprise'],
  AK: ['907 Anchorage, Fairbanks, Juneau, Wasilla, Kenai, Ketchikan, Bethel, Nome, Kodiak'],
  AZ: ['480 Mesa, Chandler, Scottsdale, Gilbert, Tempe', '520 Tucson, Sierra Vista, Nogales, Casa Grande, Yuma', '602 Phoenix', '623 Glendale, Peoria, Surprise, Goodyear, Avondale, Buckeye', '928 Flagstaff, Prescott, Yuma, Kingman, Lake Havasu City, Show Low, Page'],
  AR: ['479 Fayetteville, Fort Smith, Springdale, Rogers, Bentonville, Russellville', '501 Little Rock, North Little Rock, Conway, Hot Springs National Park, Benton, Searcy', '870/327 Jonesboro, Pine Bluff, Texarkana, El Dorado, Paragould, Mountain Home, Helena'],
  CA: [
    '209/350 Stockton, Modesto, Merced, Lodi, Tracy, Turlock, Sonora', '213/323 Los Angeles', '310/424 Santa Monica, Torrance, Beverly Hills, Inglewood, Redondo Beach, Culver City, Malibu',
    '408/669 San Jose, Santa Clara, Sunnyvale, Milpitas, Gilroy, Cupertino', '415/628 San Francisco, San Rafael, Novato, Mill Valley', '510 Oakland, Berkeley, Fremont, Hayward, Richmond, Alameda',
    '530 Chico, Redding, Davis, Auburn, South Lake Tahoe, Yuba City, Grass Valley, Susanville', '559 Fresno, Clovis, Visalia, Hanford, Madera, Porterville', '562 Long Beach, Whittier, Downey, Norwalk, Lakewood, Bellflower',
    '619/858 San Diego, Chula Vista, El Cajon, National City, La Mesa, Poway', '626 Pasadena, Alhambra, West Covina, Arcadia, El Monte, Covina', '650 San Mateo, Palo Alto, Redwood City, Daly City, Mountain View, South San Francisco',
    '657/714 Anaheim, Santa Ana, Huntington Beach, Fullerton, Orange, Garden Grove', '661 Bakersfield, Lancaster, Palmdale, Santa Clarita', '707 Santa Rosa, Vallejo, Napa, Eureka, Fairfield, Petaluma, Ukiah, Vacaville',
    '747/818 Burbank, Glendale, Van Nuys, North Hollywood, Northridge, Sherman Oaks, Reseda', '760/442 Palm Springs, Oceanside, Escondido, Victorville, Carlsbad, El Centro, Barstow, Bishop', '805 Santa Barbara, Ventura, Oxnard, San Luis Obispo, Thousand Oaks, Santa Maria',
    '831 Salinas, Santa Cruz, Monterey, Watsonville, Hollister', '909/840 San Bernardino, Pomona, Ontario, Rancho Cucamonga, Fontana, Redlands', '916/279 Sacramento, Elk Grove, Roseville, Folsom, Citrus Heights',
    '925 Concord, Walnut Creek, Pleasanton, Livermore, Antioch, San Ramon', '949 Irvine, Newport Beach, Mission Viejo, Laguna Beach, Lake Forest', '951 Riverside, Corona, Temecula, Moreno Valley, Murrieta, Hemet',
  ],
  CO: ['303/720 Denver, Aurora, Boulder, Thornton, Arvada, Westminster, Littleton', '719 Colorado Springs, Pueblo, Canon City, Alamosa, Trinidad', '970 Fort Collins, Greeley, Grand Junction, Loveland, Durango, Steamboat Springs, Aspen'],
  CT: ['203/475 New Haven, Bridgeport, Stamford, Waterbury, Norwalk, Danbury, Milford', '860/959 Hartford, New Britain, Bristol, New London, Norwich, Torrington, Middletown'],
  DE: ['302 Wilmington, Dover, Newark, Middletown, Lewes, Seaford'],
  DC: ['202/771 Washington'],
  FL: [
    '239 Fort Myers, Naples, Cape Coral, Bonita Springs', '305/786/645 Miami, Hialeah, Homestead, Key West, Miami Beach', '321 Melbourne, Cocoa, Titusville, Palm Bay',
    '352 Gainesville, Ocala, Leesburg, Brooksville, The Villages', '386 Daytona Beach, Deland, Lake City, Palm Coast, Port Orange', '407/689 Orlando, Kissimmee, Sanford, Winter Park, Apopka',
    '561 West Palm Beach, Boca Raton, Boynton Beach, Delray Beach, Jupiter', '727 Saint Petersburg, Clearwater, Largo, New Port Richey, Dunedin', '754/954 Fort Lauderdale, Hollywood, Pompano Beach, Coral Springs, Pembroke Pines',
    '772 Port Saint Lucie, Vero Beach, Stuart, Fort Pierce, Sebastian', '813/656 Tampa, Brandon, Plant City, Riverview', '850/448 Tallahassee, Pensacola, Panama City, Fort Walton Beach, Destin',
    '863 Lakeland, Winter Haven, Sebring, Bartow, Avon Park', '904 Jacksonville, Saint Augustine, Fernandina Beach, Orange Park', '941 Sarasota, Bradenton, Venice, Port Charlotte',
  ],
  GA: ['229 Albany, Valdosta, Tifton, Thomasville, Americus', '404/470/678 Atlanta, Decatur', '478 Macon, Warner Robins, Dublin, Milledgeville', '706/762 Augusta, Columbus, Athens, Rome, Dalton, Gainesville', '770/678/470 Marietta, Alpharetta, Lawrenceville, Roswell, Kennesaw, Douglasville', '912 Savannah, Brunswick, Statesboro, Hinesville, Waycross'],
  HI: ['808 Honolulu, Hilo, Kailua Kona, Kahului, Lihue, Kaneohe, Pearl City'],
  ID: ['208/986 Boise, Meridian, Nampa, Idaho Falls, Pocatello, Coeur D Alene, Twin Falls, Lewiston'],
  IL: [
    '217/447 Springfield, Champaign, Urbana, Decatur, Quincy, Danville', '224/847 Evanston, Skokie, Waukegan, Schaumburg, Arlington Heights, Palatine, Des Plaines, Elgin', '309 Peoria, Bloomington, Normal, Moline, Rock Island, Galesburg',
    '312/872 Chicago', '331/630 Aurora, Naperville, Wheaton, Downers Grove, Oak Brook, Saint Charles', '618/730 Belleville, Carbondale, Alton, Edwardsville, Mount Vernon, Marion',
    '708/464 Oak Lawn, Cicero, Oak Park, Orland Park, Tinley Park, Harvey, Berwyn', '773/872 Chicago', '779/815 Rockford, Joliet, DeKalb, Kankakee, Freeport, Ottawa',
  ],
  IN: ['219 Gary, Hammond, Merrillville, Valparaiso, Michigan City, Crown Point', '260 Fort Wayne, Auburn, Huntington, Warsaw', '317/463 Indianapolis, Carmel, Fishers, Greenwood, Noblesville', '574 South Bend, Elkhart, Mishawaka, Goshen, Logansport', '765 Lafayette, Muncie, Anderson, Kokomo, Richmond, Marion', '812/930 Evansville, Bloomington, Columbus, Terre Haute, Jeffersonville, Jasper'],
  IA: ['319 Cedar Rapids, Iowa City, Waterloo, Burlington', '515 Des Moines, Ames, Ankeny, Fort Dodge', '563 Davenport, Dubuque, Bettendorf, Clinton, Muscatine', '641 Mason City, Ottumwa, Marshalltown, Newton', '712 Sioux City, Council Bluffs, Spencer, Le Mars'],
  KS: ['316 Wichita, El Dorado, Derby', '620 Hutchinson, Dodge City, Garden City, Emporia, Pittsburg, Liberal', '785 Topeka, Lawrence, Manhattan, Salina, Hays', '913 Kansas City, Overland Park, Olathe, Lenexa, Shawnee, Leavenworth'],
  KY: ['270 Bowling Green, Owensboro, Paducah, Elizabethtown, Hopkinsville', '502 Louisville, Frankfort, Shelbyville', '606 Ashland, Hazard, London, Somerset, Pikeville, Middlesboro', '859 Lexington, Covington, Richmond, Florence, Georgetown, Danville'],
  LA: ['225 Baton Rouge, Gonzales, Denham Springs', '318 Shreveport, Monroe, Alexandria, Ruston, Bossier City', '337 Lafayette, Lake Charles, New Iberia, Opelousas', '504 New Orleans, Metairie, Kenner, Gretna', '985 Houma, Slidell, Hammond, Thibodaux, Covington'],
  ME: ['207 Portland, Bangor, Lewiston, Augusta, Biddeford, Auburn, Presque Isle'],
  MD: ['240/301 Rockville, Silver Spring, Gaithersburg, Frederick, Hagerstown, Bethesda, Bowie, Waldorf', '410/443/667 Baltimore, Annapolis, Columbia, Towson, Salisbury, Glen Burnie, Ocean City'],
  MA: ['339/781 Lynn, Quincy, Waltham, Braintree, Woburn, Lexington', '351/978 Lowell, Lawrence, Haverhill, Fitchburg, Gloucester, Andover', '413 Springfield, Pittsfield, Holyoke, Northampton, Amherst', '508/774 Worcester, New Bedford, Brockton, Fall River, Framingham, Plymouth, Hyannis', '617/857 Boston, Cambridge, Somerville, Brookline, Newton'],
  MI: [
    '231 Muskegon, Traverse City, Petoskey, Ludington, Cadillac', '248/947 Troy, Southfield, Pontiac, Farmington, Novi, Royal Oak, Rochester', '269 Kalamazoo, Battle Creek, Benton Harbor, Portage',
    '313 Detroit, Dearborn', '517 Lansing, Jackson, East Lansing, Adrian, Hillsdale', '586 Warren, Sterling Heights, Clinton Township, Mount Clemens, Roseville', '616 Grand Rapids, Holland, Wyoming, Grand Haven',
    '734 Ann Arbor, Livonia, Westland, Ypsilanti, Monroe, Wyandotte', '810 Flint, Port Huron, Lapeer, Brighton', '906 Marquette, Sault Sainte Marie, Escanaba, Houghton, Iron Mountain', '989 Saginaw, Bay City, Midland, Mount Pleasant, Alpena',
  ],
  MN: ['218 Duluth, Moorhead, Bemidji, Brainerd, Hibbing, Fergus Falls', '320 Saint Cloud, Willmar, Alexandria, Hutchinson', '507 Rochester, Mankato, Winona, Austin, Albert Lea, Owatonna', '612 Minneapolis', '651 Saint Paul, Stillwater, Hastings', '763 Maple Grove, Anoka, Elk River, Monticello', '952 Eden Prairie, Minnetonka, Burnsville, Lakeville, Shakopee'],
  MS: ['228 Gulfport, Biloxi, Pascagoula, Bay Saint Louis', '601/769 Jackson, Hattiesburg, Meridian, Vicksburg, Brandon, Natchez', '662 Tupelo, Southaven, Oxford, Columbus, Greenville, Starkville'],
  MO: ['314/557 Saint Louis, Florissant, Chesterfield', '417 Springfield, Joplin, Branson, Lebanon', '573 Columbia, Jefferson City, Cape Girardeau, Rolla, Sikeston, Hannibal', '636 O Fallon, Saint Charles, Saint Peters, Wentzville, Washington', '660 Sedalia, Kirksville, Warrensburg, Marshall, Maryville', '816/975 Kansas City, Independence, Lees Summit, Saint Joseph, Blue Springs'],
  MT: ['406 Billings, Missoula, Great Falls, Bozeman, Butte, Helena, Kalispell'],
  NE: ['308 Grand Island, Kearney, North Platte, Scottsbluff', '402/531 Omaha, Lincoln, Bellevue, Norfolk, Fremont, Columbus'],
  NV: ['702/725 Las Vegas, Henderson, North Las Vegas, Boulder City', '775 Reno, Sparks, Carson City, Elko, Fallon'],
  NH: ['603 Manchester, Nashua, Concord, Dover, Portsmouth, Keene, Laconia'],
  NJ: ['201/551 Jersey City, Hackensack, Bayonne, Hoboken, Fort Lee, Paramus', '609/640 Trenton, Atlantic City, Princeton, Vineland, Cape May', '732/848 New Brunswick, Toms River, Edison, Perth Amboy, Freehold, Asbury Park', '856 Camden, Cherry Hill, Vineland, Glassboro, Millville', '862/973 Newark, Paterson, Clifton, Passaic, Morristown, Montclair', '908 Elizabeth, Plainfield, Somerville, Flemington, Summit'],
  NM: ['505 Albuquerque, Santa Fe, Rio Rancho, Farmington, Gallup', '575 Las Cruces, Roswell, Alamogordo, Clovis, Hobbs, Carlsbad, Taos, Silver City'],
  NY: [
    '212/646/332 New York', '315/680 Syracuse, Utica, Watertown, Rome, Auburn, Oswego', '347/718/929 Brooklyn, Bronx, Staten Island, Flushing, Jamaica, Astoria', '516/363 Hempstead, Levittown, Freeport, Garden City, Hicksville, Valley Stream',
    '518/838 Albany, Schenectady, Troy, Saratoga Springs, Plattsburgh, Glens Falls', '585 Rochester, Batavia, Brockport', '607 Binghamton, Ithaca, Elmira, Corning, Cortland', '631/934 Huntington, Babylon, Riverhead, Patchogue, Southampton, Brentwood',
    '716 Buffalo, Niagara Falls, Jamestown, Lockport, Olean', '845 Poughkeepsie, Newburgh, Middletown, Kingston, Nyack', '914 Yonkers, White Plains, New Rochelle, Mount Vernon, Ossining',
  ],
  NC: ['252 Greenville, Rocky Mount, Wilson, New Bern, Elizabeth City', '336/743 Greensboro, Winston Salem, High Point, Burlington', '704/980 Charlotte, Gastonia, Concord, Salisbury, Statesville', '828 Asheville, Hickory, Boone, Morganton, Hendersonville', '910/472 Wilmington, Fayetteville, Jacksonville, Lumberton', '919/984 Raleigh, Durham, Cary, Chapel Hill, Wake Forest'],
  ND: ['701 Fargo, Bismarck, Grand Forks, Minot, Williston, Dickinson'],
  OH: [
    '216 Cleveland, Lakewood, Euclid', '220/740 Athens, Newark, Zanesville, Chillicothe, Lancaster, Marietta, Portsmouth', '234/330 Akron, Canton, Youngstown, Kent, Warren, Massillon', '419/567 Toledo, Lima, Mansfield, Sandusky, Findlay',
    '440 Lorain, Elyria, Mentor, Strongsville, Painesville, Medina', '513 Cincinnati, Hamilton, Middletown, Fairfield, Mason', '614/380 Columbus, Dublin, Westerville, Grove City', '937 Dayton, Springfield, Xenia, Troy',
  ],
  OK: ['405/572 Oklahoma City, Norman, Edmond, Stillwater, Shawnee', '539/918 Tulsa, Broken Arrow, Muskogee, Bartlesville, Owasso', '580 Lawton, Enid, Ardmore, Ponca City, Duncan'],
  OR: ['458/541 Eugene, Bend, Medford, Corvallis, Albany, Roseburg, Klamath Falls, Pendleton', '503/971 Portland, Salem, Beaverton, Gresham, Hillsboro, Tualatin, Astoria'],
  PA: [
    '215/267/445 Philadelphia, Levittown, Doylestown, Warminster', '223/717 Harrisburg, Lancaster, York, Chambersburg, Gettysburg, Lebanon', '412/878 Pittsburgh, McKeesport, Bethel Park', '484/610 Allentown, Reading, Bethlehem, West Chester, Norristown, Easton, Media',
    '570/272 Scranton, Wilkes Barre, Williamsport, Hazleton, Stroudsburg', '724/878 Washington, Greensburg, New Castle, Butler, Uniontown', '814/582 Erie, Altoona, Johnstown, State College, Bradford',
  ],
  RI: ['401 Providence, Warwick, Cranston, Pawtucket, Newport, Woonsocket'],
  SC: ['803/839 Columbia, Rock Hill, Sumter, Aiken, Orangeburg', '843/854 Charleston, Myrtle Beach, Florence, Hilton Head Island, Beaufort, Summerville', '864 Greenville, Spartanburg, Anderson, Greenwood, Clemson'],
  SD: ['605 Sioux Falls, Rapid City, Aberdeen, Brookings, Watertown, Pierre'],
  TN: ['423 Chattanooga, Johnson City, Kingsport, Cleveland, Bristol', '615/629 Nashville, Murfreesboro, Franklin, Hendersonville, Gallatin', '731 Jackson, Dyersburg, Union City, Paris', '865 Knoxville, Maryville, Oak Ridge, Sevierville', '901 Memphis, Germantown, Collierville', '931 Clarksville, Cookeville, Columbia, Tullahoma, Crossville'],
  TX: [
    '210/726 San Antonio', '214/469/972/945 Dallas, Plano, Garland, Irving, Mesquite, Carrollton, Richardson', '254 Waco, Killeen, Temple, Stephenville', '281/713/832/346 Houston, Pasadena, Baytown, Sugar Land, Katy, Spring, Humble',
    '325 Abilene, San Angelo, Brownwood', '361 Corpus Christi, Victoria, Kingsville, Alice', '409 Beaumont, Port Arthur, Galveston, Orange', '430/903 Tyler, Longview, Texarkana, Sherman, Marshall, Paris',
    '432 Midland, Odessa, Big Spring, Alpine', '512/737 Austin, Round Rock, San Marcos, Georgetown, Pflugerville', '682/817 Fort Worth, Arlington, Grand Prairie, Mansfield, Weatherford, Keller', '806 Lubbock, Amarillo, Plainview, Canyon',
    '830 New Braunfels, Del Rio, Kerrville, Eagle Pass, Uvalde, Seguin', '915 El Paso', '936 Conroe, Huntsville, Nacogdoches, Lufkin', '940 Denton, Wichita Falls, Lewisville, Flower Mound', '956 Laredo, Brownsville, McAllen, Harlingen, Edinburg', '979 Bryan, College Station, Lake Jackson, Bay City',
  ],
  UT: ['385/801 Salt Lake City, Provo, West Valley City, Ogden, Orem, Sandy, Layton', '435 Saint George, Logan, Cedar City, Moab, Park City, Vernal'],
  VT: ['802 Burlington, Montpelier, Rutland, Brattleboro, Barre, Saint Albans'],
  VA: ['276 Bristol, Martinsville, Abingdon, Wytheville', '434 Lynchburg, Charlottesville, Danville, South Boston', '540/826 Roanoke, Fredericksburg, Harrisonburg, Winchester, Blacksburg, Staunton', '571/703 Arlington, Alexandria, Fairfax, Reston, Herndon, Manassas, Leesburg', '757/948 Virginia Beach, Norfolk, Chesapeake, Newport News, Hampton, Williamsburg', '804 Richmond, Petersburg, Mechanicsville, Midlothian'],
  WA: ['206 Seattle', '253 Tacoma, Kent, Federal Way, Auburn, Puyallup, Lakewood', '360/564 Vancouver, Olympia, Bellingham, Bremerton, Longview, Mount Vernon, Port Angeles, Aberdeen, Centralia', '425 Bellevue, Everett, Redmond, Kirkland, Renton, Lynnwood, Bothell', '509 Spokane, Yakima, Kennewick, Richland, Wenatchee, Walla Walla, Pullman, Moses Lake'],
  WV: ['304/681 Charleston, Huntington, Morgantown, Parkersburg, Wheeling, Beckley, Martinsburg'],
  WI: ['262 Kenosha, Racine, Waukesha, West Bend', '414 Milwaukee', '608 Madison, La Crosse, Janesville, Beloit', '715/534 Eau Claire, Wausau, Stevens Point, Superior, Rhinelander, Marshfield', '920 Green Bay, Appleton, Oshkosh, Fond Du Lac, Sheboygan, Manitowoc'],
  WY: ['307 Cheyenne, Casper, Laramie, Gillette, Rock Springs, Sheridan, Jackson'],
};

export interface AreaCodeGroup {
  /** The codes of one territory: the original code first, then its overlays. */
  codes: readonly string[];
  cities: readonly string[];
}

/** The table parsed: per state, its territories. */
export function areaCodeGroups(state: string): AreaCodeGroup[] {
  return (AREA_CODES_BY_STATE[state] ?? []).map((line) => {
    const space = line.indexOf(' ');
    return {
      codes: line.slice(0, space).split('/'),
      cities: line
        .slice(space + 1)
        .split(',')
        .map((c) => c.trim()),
    };
  });
}
