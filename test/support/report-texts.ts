// The exact reports of the nweeks played by report-games.ts, as a player reads them (issue 16): one in text and
// one in Markdown for every ruleset, and the June Grid with fair dice from the table's fixed secret. Read before
// they were written down: names in the rules' words, no JSON, no column that says nothing, the dice checkable.

export const JANUARY_TEXT = `# g (grid-2002-01): report for nweek 1
The Grid (Spoon, proposed 20 Jan 2002)

## What happened

- nday 1: Game g begins under grid-2002-01, 7 ndays to the nweek, manual dice.
- nday 1: alice joins the game.
- nday 1: bob joins the game.
- nday 1: alice enters the Grid at (3,4).
- nday 1: bob enters the Grid at (10,10).
- nday 1: alice announces a move to (4,5).
- nday 1: 5 points from The Bank to bob: opening balance.
- nday 7: Nweek 1 ends.
- nday 7: alice moves from (3,4) to (4,5).
- nday 7: All moves announced in nweek 1 have been made.

## Not acted in time

- The time for move announcements for nweek 1 ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("nweek 1 ended and you had not announced a move: you stay where you are").

## Dice

No public rolls.

## Standings at the end of nweek 1

\`\`\`
Player  Square   Points
alice   (4,5)    0
bob     (10,10)  5

 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  B  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (4,5), 0 points
B bob: (10,10), 5 points
\`\`\`

## Checking the dice

This game's dice are manual: there is no seed to check. No dice were rolled in nweek 1.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or referee verify g.`;

export const JUNE_MARKDOWN = `## g (grid-2002-06): nweek 1

_The Grid (Spoon, as amended 28 Jun 2002)_

### What happened

- **nday 1**: Game g begins under grid-2002-06, 7 ndays to the nweek, manual dice.
- **nday 1**: The Big Stick is placed at (1,1) (there was no Big Stick).
- **nday 1**: The Shield is placed at (1,2) (there was no Shield).
- **nday 1**: This nweek's Ball of Wax is placed at (20,20).
- **nday 1**: alice joins the game.
- **nday 1**: alice is in Limbo.
- **nday 1**: bob joins the game.
- **nday 1**: bob is in Limbo.
- **nday 1**: alice is at (2,2) (alice enters the Grid).
- **nday 1**: alice moves towards (1,1).
- **nday 1**: alice is at (1,1) (alice moves).
- **nday 1**: The Big Stick is held by alice (alice picks it up).
- **nday 1**: bob is at (5,5) (bob enters the Grid).
- **nday 1**: alice is Female, not a Cheerleader, not a Football player.
- **nday 1**: 10 points from The Bank to alice: opening balance.
- **nday 1**: 2 points from alice to The Bank: alice buys a Pinball Gun.
- **nday 1**: alice buys a Pinball Gun for 2 points.
- **nday 7**: Nweek 1 ends.
- **nday 7**: The Sirens count who lingers in their Zones of Enchantment.

### Not acted in time

- The time for moves for nweek 1 ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("nweek 1 ended and you had not moved: your move for that nweek is gone").

### Dice

| Roll | Outcome | From |
| --- | --- | --- |
| where the Big Stick is placed | \\#1 of 400 | supplied by the Administrator |
| where the Shield is placed | \\#2 of 400 | supplied by the Administrator |
| where nweek 1's Ball of Wax is placed | \\#400 of 400 | supplied by the Administrator |

### Standings at the end of nweek 1

| Player | Square | Points | Holding | Status | Marked as |
| --- | --- | --- | --- | --- | --- |
| alice | (1,1) | 8 | the Big Stick | a Pinball Gun | Female |
| bob | (5,5) | 0 | nothing |  |  |

\`\`\`text
 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  w
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  .  B  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   O  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (1,1), 8 points, holding the Big Stick
B bob: (5,5), 0 points
| Big Stick (big-stick) held by alice
O Shield (shield) at (1,2)
w Ball of Wax (ball-of-wax:nweek-1) at (20,20)
Temperature 10 degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.
\`\`\`

### Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or \`referee verify g\`.`;

export const JUNE_TEXT = `# g (grid-2002-06): report for nweek 1
The Grid (Spoon, as amended 28 Jun 2002)

## What happened

- nday 1: Game g begins under grid-2002-06, 7 ndays to the nweek, manual dice.
- nday 1: The Big Stick is placed at (1,1) (there was no Big Stick).
- nday 1: The Shield is placed at (1,2) (there was no Shield).
- nday 1: This nweek's Ball of Wax is placed at (20,20).
- nday 1: alice joins the game.
- nday 1: alice is in Limbo.
- nday 1: bob joins the game.
- nday 1: bob is in Limbo.
- nday 1: alice is at (2,2) (alice enters the Grid).
- nday 1: alice moves towards (1,1).
- nday 1: alice is at (1,1) (alice moves).
- nday 1: The Big Stick is held by alice (alice picks it up).
- nday 1: bob is at (5,5) (bob enters the Grid).
- nday 1: alice is Female, not a Cheerleader, not a Football player.
- nday 1: 10 points from The Bank to alice: opening balance.
- nday 1: 2 points from alice to The Bank: alice buys a Pinball Gun.
- nday 1: alice buys a Pinball Gun for 2 points.
- nday 7: Nweek 1 ends.
- nday 7: The Sirens count who lingers in their Zones of Enchantment.

## Not acted in time

- The time for moves for nweek 1 ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("nweek 1 ended and you had not moved: your move for that nweek is gone").

## Dice

- where the Big Stick is placed: #1 of 400 (supplied by the Administrator)
- where the Shield is placed: #2 of 400 (supplied by the Administrator)
- where nweek 1's Ball of Wax is placed: #400 of 400 (supplied by the Administrator)

## Standings at the end of nweek 1

\`\`\`
Player  Square  Points  Holding        Status         Marked as
alice   (1,1)   8       the Big Stick  a Pinball Gun  Female
bob     (5,5)   0       nothing

 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  w
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  .  B  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   O  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (1,1), 8 points, holding the Big Stick
B bob: (5,5), 0 points
| Big Stick (big-stick) held by alice
O Shield (shield) at (1,2)
w Ball of Wax (ball-of-wax:nweek-1) at (20,20)
Temperature 10 degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.
\`\`\`

## Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or referee verify g.`;

export const TUNNELERS_TEXT = `# g (tunnelers): report for nweek 1
Tunnelers (The Underground Society, Spoon, nweek 48)

## What happened

- nday 1: Game g begins under tunnelers, 7 ndays to the nweek, manual dice.
- nday 1: alice joins the game.
- nday 1: alice asks to join the Underground Society.
- nday 1: The Moderator approves: alice is a member of the Underground Society.
- nday 1: 4 points from The Bank to alice: alice's points in the Main Game.
- nday 1: 4 points from alice to The Underground Society: alice pays to play Tunnelers (Tunnelers 5).
- nday 1: alice joins the game of Tunnelers.
- nday 1: bob joins the game.
- nday 1: bob asks to join the Underground Society.
- nday 1: The Moderator approves: bob is a member of the Underground Society.
- nday 1: 4 points from The Bank to bob: bob's points in the Main Game.
- nday 1: 4 points from bob to The Underground Society: bob pays to play Tunnelers (Tunnelers 5).
- nday 1: bob joins the game of Tunnelers, after alice in the player list.
- nday 1: The player list is randomized: alice, bob.
- nday 1: The game of Tunnelers begins: five cards each, and the moles are placed.
- nday 1: It is alice's turn.
- nday 1: alice's turn is over.
- nday 1: It is bob's turn.
- nday 1: bob's turn is over.
- nday 1: It is alice's turn.
- nday 2: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 2: alice's turn is over.
- nday 2: It is bob's turn.
- nday 3: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 3: bob's turn is over.
- nday 3: It is alice's turn.
- nday 4: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 4: alice's turn is over.
- nday 4: It is bob's turn.
- nday 5: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 5: bob's turn is over.
- nday 5: It is alice's turn.
- nday 6: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 6: alice's turn is over.
- nday 6: It is bob's turn.
- nday 7: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- nday 7: bob's turn is over.
- nday 7: It is alice's turn.
- nday 7: Nweek 1 ends.

## Not acted in time

- The time for alice's turn ran out at the end of nday 2 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 3 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for alice's turn ran out at the end of nday 4 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 5 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for alice's turn ran out at the end of nday 6 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").

## Dice

- the player list: shuffle of 2, new order 1, 2 (supplied by the Administrator)

## Standings at the end of nweek 1

\`\`\`
Player  Points  Turn
alice   0       now
bob     0

Tunnelers: alice's turn
Player list:
  1. alice: 0 points
  2. bob: 0 points
The Underground Society holds 8 points; the Moderator 0.
Members of the society: alice, bob.
\`\`\`

## Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or referee verify g.`;

export const QUESTS_MARKDOWN = `## g (rooms+quests): nweek 1

_Quests (Nomic02 rules 139-142, 7 Apr 2003) on a map of rooms_

### What happened

- **nday 1**: Game g begins under rooms+quests, 7 ndays to the nweek, manual dice.
- **nday 1**: alice joins the game.
- **nday 1**: alice is placed in Mornington Crescent, the start room.
- **nday 1**: Turn 1 begins: alice is the active player, with 3 actions.
- **nday 1**: bob joins the game.
- **nday 1**: bob is placed in Mornington Crescent, the start room.
- **nday 1**: alice commences creating a Quest, as an action, and names it "Lost Property".
- **nday 1**: alice gives the Quest the colour red.
- **nday 1**: Random Selection gives the red Quest the home room Camden Town.
- **nday 1**: Random Selection gives the red Quest the locate room Euston.
- **nday 1**: Random Selection gives the red Quest the goal room King's Cross St. Pancras.
- **nday 1**: alice rolls 18 on a d20: the red Quest "Lost Property" (home Camden Town, locate Euston, goal King's Cross St. Pancras), worth 1 point of Puissance, joins the Roster.
- **nday 1**: alice moves from Mornington Crescent to Camden Town.
- **nday 1**: alice is in Camden Town, the home room of the red Quest: a quest token red primary (\\#3) is created there.
- **nday 1**: alice picks up red primary (\\#3) in Camden Town.
- **nday 7**: Nweek 1 ends.

### Dice

| Roll | Outcome | From |
| --- | --- | --- |
| Random Selection of the red Quest's home room | \\#1 of 14 | supplied by the Administrator |
| Random Selection of the red Quest's locate room | \\#2 of 13 | supplied by the Administrator |
| Random Selection of the red Quest's goal room | \\#2 of 12 | supplied by the Administrator |
| value of the red Quest | 1d20 = 18 | supplied by the Administrator |

### Standings at the end of nweek 1

| Player | Room | Carrying | Brownie points | Puissance | Demerits | Turn |
| --- | --- | --- | --- | --- | --- | --- |
| alice | Camden Town | red primary (\\#3) | 0 | 0 | 0 | turn 1, 0 actions left |
| bob | Mornington Crescent | nothing | 0 | 0 | 0 |  |

\`\`\`text
Around Mornington Crescent (London Underground): 15 rooms; everyone starts in Mornington Crescent; 3 actions a turn.
Turn 1: alice is the active player, 0 of 3 actions left. Turn order: alice, bob.

Rooms (-> where passages lead):
  Mornington Crescent -> Camden Town, Euston
      players: bob
  Camden Town -> Kentish Town, Mornington Crescent, Euston
      players: alice
  Kentish Town -> Camden Town
  Euston -> Mornington Crescent, Camden Town, King's Cross St. Pancras, Warren Street
  King's Cross St. Pancras -> Euston, Russell Square
  Russell Square -> King's Cross St. Pancras, Holborn
  Warren Street -> Euston, Goodge Street, Oxford Circus
  Goodge Street -> Warren Street, Tottenham Court Road
  Oxford Circus -> Warren Street, Tottenham Court Road, Piccadilly Circus
      lying here: umbrella (#1)
  Tottenham Court Road -> Goodge Street, Oxford Circus, Holborn, Leicester Square
  Holborn -> Tottenham Court Road, Russell Square, Covent Garden
  Covent Garden -> Holborn, Leicester Square
  Leicester Square -> Tottenham Court Road, Covent Garden, Piccadilly Circus, Charing Cross
      lying here: Evening Standard (#2)
  Piccadilly Circus -> Leicester Square, Oxford Circus, Charing Cross
  Charing Cross -> Leicester Square, Piccadilly Circus

Players, in turn order:
  alice in Camden Town, carrying red primary (#3); 0 brownie points, 0 points of Puissance, 0 demerits
  bob in Mornington Crescent, carrying nothing; 0 brownie points, 0 points of Puissance, 0 demerits

Roster of Quests (1; the active player may create one):
  the red Quest "Lost Property": home Camden Town, locate Euston, goal King's Cross St. Pancras; worth 1 point of Puissance (created by alice)
\`\`\`

### Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or \`referee verify g\`.`;

export const LIFE_MARKDOWN = `## g (life): nweek 1

_Life, a Field Match (proposed by Ed Murphy, 2 Jan 2008)_

### What happened

- **nday 1**: Game g begins under life, 7 ndays to the nweek, manual dice.
- **nday 1**: alice joins the game.
- **nday 1**: bob joins the game.
- **nday 1**: carol joins the game.
- **nday 1**: The Referee performs Initialize.
- **nday 1**: 25 Cells are placed, chosen at random (Initialize): (1,1) Color Green; (2,1) Color Red; (3,1) Color Green; (4,1) Color Blue; (5,1) Color Red; (1,2) Color Red; (2,2) Color Green; (3,2) Color Blue; (4,2) Color Red; (5,2) Color Green; (1,3) Color Green; (2,3) Color Blue; (3,3) Color Red; (4,3) Color Green; (5,3) Color Blue; (1,4) Color Blue; (2,4) Color Red; (3,4) Color Green; (4,4) Color Blue; (5,4) Color Red; (1,5) Color Red; (2,5) Color Green; (3,5) Color Blue; (4,5) Color Green; (5,5) Color Blue.
- **nday 1**: alice's Team changes from null to Red, chosen at random (Initialize).
- **nday 1**: bob's Team changes from null to Blue, chosen at random (Initialize).
- **nday 1**: carol's Team changes from null to Red, chosen at random (Initialize).
- **nday 1**: The Field's Advantage changes from null to Green, chosen at random (Initialize).
- **nday 1**: erin joins the game.
- **nday 1**: The Referee performs Evolve.
- **nday 1**: The Cells evolve: 0 are born and 21 die; now Red 2, Green 1, Blue 1 and 21 null (Evolve, step 1).
- **nday 1**: The Field's Advantage changes from Green to Blue (Evolve, step 3).
- **nday 1**: erin's Team changes from null to Red, chosen at random (Evolve, step 4).
- **nday 1**: alice invokes Tweak on the Cell at (2,2).
- **nday 1**: The Cell at (2,2): Color changes from null to Red (Tweak).
- **nday 1**: carol invokes Tweak on the Cell at (3,2).
- **nday 1**: The Cell at (3,2): Color changes from null to Red (Tweak).
- **nday 1**: bob invokes Tweak on the Cell at (5,3).
- **nday 1**: The Cell at (5,3): Color changes from null to Blue (Tweak).
- **nday 7**: Nweek 1 ends.

### Not acted in time

- The time for Tweak for nweek 1 ran out at the end of nday 7 of nweek 1: erin had not acted, and the rules acted for em ("nweek 1 ended and you had not performed Tweak").

### Dice

| Roll | Outcome | From |
| --- | --- | --- |
| Color of the Cell at (1,1) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (2,1) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (3,1) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (4,1) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (5,1) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (1,2) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (2,2) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (3,2) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (4,2) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (5,2) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (1,3) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (2,3) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (3,3) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (4,3) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (5,3) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (1,4) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (2,4) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (3,4) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (4,4) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (5,4) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (1,5) | \\#1 of 3 | supplied by the Administrator |
| Color of the Cell at (2,5) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (3,5) | \\#3 of 3 | supplied by the Administrator |
| Color of the Cell at (4,5) | \\#2 of 3 | supplied by the Administrator |
| Color of the Cell at (5,5) | \\#3 of 3 | supplied by the Administrator |
| Team of alice | \\#1 of 3 | supplied by the Administrator |
| Team of bob | \\#3 of 3 | supplied by the Administrator |
| Team of carol | \\#1 of 3 | supplied by the Administrator |
| the Field's Advantage | \\#2 of 3 | supplied by the Administrator |
| Team of erin | \\#1 of 3 | supplied by the Administrator |

### Standings at the end of nweek 1

| Player | Team | Team's Cells |
| --- | --- | --- |
| alice | Red | 4 |
| bob | Blue | 2 |
| carol | Red | 4 |
| erin | Red | 4 |

\`\`\`text
Life: a 5 x 5 Field (squares sharing a side or a corner are adjacent), nweek 1

5 | R . . . B
4 | . . . . .
3 | . . . . B
2 | . R R . .
1 | G . . . R
    1 2 3 4 5
Cell Color: R Red, G Green, B Blue, . null

The Field: Advantage Blue

Players:
  alice: Team Red
  bob: Team Blue
  carol: Team Red
  erin: Team Red

This nweek: the Referee performed Initialize; the Referee performed Evolve; alice performed Tweak; carol performed Tweak; bob performed Tweak.
\`\`\`

### Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or \`referee verify g\`.`;

export const LIFE_TEXT = `# g (life): report for nweek 1
Life, a Field Match (proposed by Ed Murphy, 2 Jan 2008)

## What happened

- nday 1: Game g begins under life, 7 ndays to the nweek, manual dice.
- nday 1: alice joins the game.
- nday 1: bob joins the game.
- nday 1: carol joins the game.
- nday 1: The Referee performs Initialize.
- nday 1: 25 Cells are placed, chosen at random (Initialize): (1,1) Color Green; (2,1) Color Red; (3,1) Color Green; (4,1) Color Blue; (5,1) Color Red; (1,2) Color Red; (2,2) Color Green; (3,2) Color Blue; (4,2) Color Red; (5,2) Color Green; (1,3) Color Green; (2,3) Color Blue; (3,3) Color Red; (4,3) Color Green; (5,3) Color Blue; (1,4) Color Blue; (2,4) Color Red; (3,4) Color Green; (4,4) Color Blue; (5,4) Color Red; (1,5) Color Red; (2,5) Color Green; (3,5) Color Blue; (4,5) Color Green; (5,5) Color Blue.
- nday 1: alice's Team changes from null to Red, chosen at random (Initialize).
- nday 1: bob's Team changes from null to Blue, chosen at random (Initialize).
- nday 1: carol's Team changes from null to Red, chosen at random (Initialize).
- nday 1: The Field's Advantage changes from null to Green, chosen at random (Initialize).
- nday 1: erin joins the game.
- nday 1: The Referee performs Evolve.
- nday 1: The Cells evolve: 0 are born and 21 die; now Red 2, Green 1, Blue 1 and 21 null (Evolve, step 1).
- nday 1: The Field's Advantage changes from Green to Blue (Evolve, step 3).
- nday 1: erin's Team changes from null to Red, chosen at random (Evolve, step 4).
- nday 1: alice invokes Tweak on the Cell at (2,2).
- nday 1: The Cell at (2,2): Color changes from null to Red (Tweak).
- nday 1: carol invokes Tweak on the Cell at (3,2).
- nday 1: The Cell at (3,2): Color changes from null to Red (Tweak).
- nday 1: bob invokes Tweak on the Cell at (5,3).
- nday 1: The Cell at (5,3): Color changes from null to Blue (Tweak).
- nday 7: Nweek 1 ends.

## Not acted in time

- The time for Tweak for nweek 1 ran out at the end of nday 7 of nweek 1: erin had not acted, and the rules acted for em ("nweek 1 ended and you had not performed Tweak").

## Dice

- Color of the Cell at (1,1): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (2,1): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (3,1): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (4,1): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (5,1): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (1,2): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (2,2): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (3,2): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (4,2): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (5,2): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (1,3): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (2,3): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (3,3): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (4,3): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (5,3): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (1,4): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (2,4): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (3,4): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (4,4): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (5,4): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (1,5): #1 of 3 (supplied by the Administrator)
- Color of the Cell at (2,5): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (3,5): #3 of 3 (supplied by the Administrator)
- Color of the Cell at (4,5): #2 of 3 (supplied by the Administrator)
- Color of the Cell at (5,5): #3 of 3 (supplied by the Administrator)
- Team of alice: #1 of 3 (supplied by the Administrator)
- Team of bob: #3 of 3 (supplied by the Administrator)
- Team of carol: #1 of 3 (supplied by the Administrator)
- the Field's Advantage: #2 of 3 (supplied by the Administrator)
- Team of erin: #1 of 3 (supplied by the Administrator)

## Standings at the end of nweek 1

\`\`\`
Player  Team  Team's Cells
alice   Red   4
bob     Blue  2
carol   Red   4
erin    Red   4

Life: a 5 x 5 Field (squares sharing a side or a corner are adjacent), nweek 1

5 | R . . . B
4 | . . . . .
3 | . . . . B
2 | . R R . .
1 | G . . . R
    1 2 3 4 5
Cell Color: R Red, G Green, B Blue, . null

The Field: Advantage Blue

Players:
  alice: Team Red
  bob: Team Blue
  carol: Team Red
  erin: Team Red

This nweek: the Referee performed Initialize; the Referee performed Evolve; alice performed Tweak; carol performed Tweak; bob performed Tweak.
\`\`\`

## Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or referee verify g.`;

export const JUNE_FAIR_TEXT = `# g (grid-2002-06): report for nweek 1
The Grid (Spoon, as amended 28 Jun 2002)

## What happened

- nday 1: Game g begins under grid-2002-06, 7 ndays to the nweek, fair dice.
- nday 1: The Big Stick is placed at (10,18) (there was no Big Stick).
- nday 1: The Shield is placed at (16,12) (there was no Shield).
- nday 1: This nweek's Ball of Wax is placed at (16,18).
- nday 1: alice joins the game.
- nday 1: alice is in Limbo.
- nday 1: bob joins the game.
- nday 1: bob is in Limbo.
- nday 1: alice is at (2,2) (alice enters the Grid).
- nday 1: bob is at (5,5) (bob enters the Grid).
- nday 7: Nweek 1 ends.
- nday 7: The Sirens count who lingers in their Zones of Enchantment.

## Not acted in time

- The time for moves for nweek 1 ran out at the end of nday 7 of nweek 1: alice, bob had not acted, and the rules acted for them ("nweek 1 ended and you had not moved: your move for that nweek is gone").

## Dice

- where the Big Stick is placed: #198 of 400 (the public seed of nweek 1, index 0, log head 0000000000000000…)
- where the Shield is placed: #312 of 400 (the public seed of nweek 1, index 1, log head 0000000000000000…)
- where nweek 1's Ball of Wax is placed: #318 of 400 (the public seed of nweek 1, index 2, log head 0000000000000000…)

## Standings at the end of nweek 1

\`\`\`
Player  Square  Points
alice   (2,2)   0
bob     (5,5)   0

 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  |  .  .  .  .  .  w  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  O  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  .  B  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   .  A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (2,2), 0 points
B bob: (5,5), 0 points
| Big Stick (big-stick) at (10,18)
O Shield (shield) at (16,12)
w Ball of Wax (ball-of-wax:nweek-1) at (16,18)
Temperature 10 degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.
\`\`\`

## Checking the dice

- The public seed of nweek 1, from which the rolls above were drawn: committed on nday 1 of nweek 1 (line 2 of the public log) as SHA-256 af400844dce6c9cafc971671eddfb82614b713d28e9ca2882a5079d281c424bb; revealed on nday 7 of nweek 1 (line 35): 3ab83912a6507653157c3069ff025aa0f14435e7967db12d345446732887c610.
- The game's secret seed, for hidden things only: committed on nday 1 of nweek 1 (line 3) as SHA-256 fa093b30899a175a8c4faefef2b22bec193c7771e5bb913c2bb2bb90ff33b13a; to be revealed when the game ends.

To check: the game's page, "Check the dice" (every roll recomputed in your browser), or referee verify g. A seed's SHA-256 must be its commitment, and each roll is HMAC-SHA256(seed, "game|stream|nweek|index|head") read as 32-bit words.`;

export const JUNE_FAIR_MARKDOWN = `## g (grid-2002-06): nweek 1

_The Grid (Spoon, as amended 28 Jun 2002)_

### What happened

- **nday 1**: Game g begins under grid-2002-06, 7 ndays to the nweek, fair dice.
- **nday 1**: The Big Stick is placed at (10,18) (there was no Big Stick).
- **nday 1**: The Shield is placed at (16,12) (there was no Shield).
- **nday 1**: This nweek's Ball of Wax is placed at (16,18).
- **nday 1**: alice joins the game.
- **nday 1**: alice is in Limbo.
- **nday 1**: bob joins the game.
- **nday 1**: bob is in Limbo.
- **nday 1**: alice is at (2,2) (alice enters the Grid).
- **nday 1**: bob is at (5,5) (bob enters the Grid).
- **nday 7**: Nweek 1 ends.
- **nday 7**: The Sirens count who lingers in their Zones of Enchantment.

### Not acted in time

- The time for moves for nweek 1 ran out at the end of nday 7 of nweek 1: alice, bob had not acted, and the rules acted for them ("nweek 1 ended and you had not moved: your move for that nweek is gone").

### Dice

| Roll | Outcome | From |
| --- | --- | --- |
| where the Big Stick is placed | \\#198 of 400 | the public seed of nweek 1, index 0, log head 0000000000000000… |
| where the Shield is placed | \\#312 of 400 | the public seed of nweek 1, index 1, log head 0000000000000000… |
| where nweek 1's Ball of Wax is placed | \\#318 of 400 | the public seed of nweek 1, index 2, log head 0000000000000000… |

### Standings at the end of nweek 1

| Player | Square | Points |
| --- | --- | --- |
| alice | (2,2) | 0 |
| bob | (5,5) | 0 |

\`\`\`text
 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  |  .  .  .  .  .  w  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  O  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  .  B  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   .  A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (2,2), 0 points
B bob: (5,5), 0 points
| Big Stick (big-stick) at (10,18)
O Shield (shield) at (16,12)
w Ball of Wax (ball-of-wax:nweek-1) at (16,18)
Temperature 10 degrees Celsius. Squares: = Frozen, ~ Wet, ^ Fire, m Mud.
\`\`\`

### Checking the dice

- The public seed of nweek 1, from which the rolls above were drawn: committed on nday 1 of nweek 1 (line 2 of the public log) as SHA-256 \`af400844dce6c9cafc971671eddfb82614b713d28e9ca2882a5079d281c424bb\`; revealed on nday 7 of nweek 1 (line 35): \`3ab83912a6507653157c3069ff025aa0f14435e7967db12d345446732887c610\`.
- The game's secret seed, for hidden things only: committed on nday 1 of nweek 1 (line 3) as SHA-256 \`fa093b30899a175a8c4faefef2b22bec193c7771e5bb913c2bb2bb90ff33b13a\`; to be revealed when the game ends.

To check: the game's page, "Check the dice" (every roll recomputed in your browser), or \`referee verify g\`. A seed's SHA-256 must be its commitment, and each roll is \`HMAC-SHA256(seed, "game|stream|nweek|index|head")\` read as 32-bit words.`;

export const JANUARY_MARKDOWN = `## g (grid-2002-01): nweek 1

_The Grid (Spoon, proposed 20 Jan 2002)_

### What happened

- **nday 1**: Game g begins under grid-2002-01, 7 ndays to the nweek, manual dice.
- **nday 1**: alice joins the game.
- **nday 1**: bob joins the game.
- **nday 1**: alice enters the Grid at (3,4).
- **nday 1**: bob enters the Grid at (10,10).
- **nday 1**: alice announces a move to (4,5).
- **nday 1**: 5 points from The Bank to bob: opening balance.
- **nday 7**: Nweek 1 ends.
- **nday 7**: alice moves from (3,4) to (4,5).
- **nday 7**: All moves announced in nweek 1 have been made.

### Not acted in time

- The time for move announcements for nweek 1 ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("nweek 1 ended and you had not announced a move: you stay where you are").

### Dice

No public rolls.

### Standings at the end of nweek 1

| Player | Square | Points |
| --- | --- | --- |
| alice | (4,5) | 0 |
| bob | (10,10) | 5 |

\`\`\`text
 20   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 19   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 18   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 17   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 16   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 15   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 14   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 13   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 12   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 11   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
 10   .  .  .  .  .  .  .  .  .  B  .  .  .  .  .  .  .  .  .  .
  9   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  8   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  7   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  6   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  5   .  .  .  A  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  4   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  3   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  2   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
  1   .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
      1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20

A alice: (4,5), 0 points
B bob: (10,10), 5 points
\`\`\`

### Checking the dice

This game's dice are manual: there is no seed to check. No dice were rolled in nweek 1.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or \`referee verify g\`.`;

export const TUNNELERS_MARKDOWN = `## g (tunnelers): nweek 1

_Tunnelers (The Underground Society, Spoon, nweek 48)_

### What happened

- **nday 1**: Game g begins under tunnelers, 7 ndays to the nweek, manual dice.
- **nday 1**: alice joins the game.
- **nday 1**: alice asks to join the Underground Society.
- **nday 1**: The Moderator approves: alice is a member of the Underground Society.
- **nday 1**: 4 points from The Bank to alice: alice's points in the Main Game.
- **nday 1**: 4 points from alice to The Underground Society: alice pays to play Tunnelers (Tunnelers 5).
- **nday 1**: alice joins the game of Tunnelers.
- **nday 1**: bob joins the game.
- **nday 1**: bob asks to join the Underground Society.
- **nday 1**: The Moderator approves: bob is a member of the Underground Society.
- **nday 1**: 4 points from The Bank to bob: bob's points in the Main Game.
- **nday 1**: 4 points from bob to The Underground Society: bob pays to play Tunnelers (Tunnelers 5).
- **nday 1**: bob joins the game of Tunnelers, after alice in the player list.
- **nday 1**: The player list is randomized: alice, bob.
- **nday 1**: The game of Tunnelers begins: five cards each, and the moles are placed.
- **nday 1**: It is alice's turn.
- **nday 1**: alice's turn is over.
- **nday 1**: It is bob's turn.
- **nday 1**: bob's turn is over.
- **nday 1**: It is alice's turn.
- **nday 2**: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 2**: alice's turn is over.
- **nday 2**: It is bob's turn.
- **nday 3**: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 3**: bob's turn is over.
- **nday 3**: It is alice's turn.
- **nday 4**: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 4**: alice's turn is over.
- **nday 4**: It is bob's turn.
- **nday 5**: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 5**: bob's turn is over.
- **nday 5**: It is alice's turn.
- **nday 6**: alice did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 6**: alice's turn is over.
- **nday 6**: It is bob's turn.
- **nday 7**: bob did not act in time: play proceeds as if e had chosen to do nothing more.
- **nday 7**: bob's turn is over.
- **nday 7**: It is alice's turn.
- **nday 7**: Nweek 1 ends.

### Not acted in time

- The time for alice's turn ran out at the end of nday 2 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 3 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for alice's turn ran out at the end of nday 4 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 5 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for alice's turn ran out at the end of nday 6 of nweek 1: alice had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").
- The time for bob's turn ran out at the end of nday 7 of nweek 1: bob had not acted, and the rules acted for em ("your turn ended: you did not act in time, and play proceeded as if you had chosen to do nothing more").

### Dice

| Roll | Outcome | From |
| --- | --- | --- |
| the player list | shuffle of 2, new order 1, 2 | supplied by the Administrator |

### Standings at the end of nweek 1

| Player | Points | Turn |
| --- | --- | --- |
| alice | 0 | now |
| bob | 0 |  |

\`\`\`text
Tunnelers: alice's turn
Player list:
  1. alice: 0 points
  2. bob: 0 points
The Underground Society holds 8 points; the Moderator 0.
Members of the society: alice, bob.
\`\`\`

### Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or \`referee verify g\`.`;

export const QUESTS_TEXT = `# g (rooms+quests): report for nweek 1
Quests (Nomic02 rules 139-142, 7 Apr 2003) on a map of rooms

## What happened

- nday 1: Game g begins under rooms+quests, 7 ndays to the nweek, manual dice.
- nday 1: alice joins the game.
- nday 1: alice is placed in Mornington Crescent, the start room.
- nday 1: Turn 1 begins: alice is the active player, with 3 actions.
- nday 1: bob joins the game.
- nday 1: bob is placed in Mornington Crescent, the start room.
- nday 1: alice commences creating a Quest, as an action, and names it "Lost Property".
- nday 1: alice gives the Quest the colour red.
- nday 1: Random Selection gives the red Quest the home room Camden Town.
- nday 1: Random Selection gives the red Quest the locate room Euston.
- nday 1: Random Selection gives the red Quest the goal room King's Cross St. Pancras.
- nday 1: alice rolls 18 on a d20: the red Quest "Lost Property" (home Camden Town, locate Euston, goal King's Cross St. Pancras), worth 1 point of Puissance, joins the Roster.
- nday 1: alice moves from Mornington Crescent to Camden Town.
- nday 1: alice is in Camden Town, the home room of the red Quest: a quest token red primary (#3) is created there.
- nday 1: alice picks up red primary (#3) in Camden Town.
- nday 7: Nweek 1 ends.

## Dice

- Random Selection of the red Quest's home room: #1 of 14 (supplied by the Administrator)
- Random Selection of the red Quest's locate room: #2 of 13 (supplied by the Administrator)
- Random Selection of the red Quest's goal room: #2 of 12 (supplied by the Administrator)
- value of the red Quest: 1d20 = 18 (supplied by the Administrator)

## Standings at the end of nweek 1

\`\`\`
Player  Room                 Carrying          Brownie points  Puissance  Demerits  Turn
alice   Camden Town          red primary (#3)  0               0          0         turn 1, 0 actions left
bob     Mornington Crescent  nothing           0               0          0

Around Mornington Crescent (London Underground): 15 rooms; everyone starts in Mornington Crescent; 3 actions a turn.
Turn 1: alice is the active player, 0 of 3 actions left. Turn order: alice, bob.

Rooms (-> where passages lead):
  Mornington Crescent -> Camden Town, Euston
      players: bob
  Camden Town -> Kentish Town, Mornington Crescent, Euston
      players: alice
  Kentish Town -> Camden Town
  Euston -> Mornington Crescent, Camden Town, King's Cross St. Pancras, Warren Street
  King's Cross St. Pancras -> Euston, Russell Square
  Russell Square -> King's Cross St. Pancras, Holborn
  Warren Street -> Euston, Goodge Street, Oxford Circus
  Goodge Street -> Warren Street, Tottenham Court Road
  Oxford Circus -> Warren Street, Tottenham Court Road, Piccadilly Circus
      lying here: umbrella (#1)
  Tottenham Court Road -> Goodge Street, Oxford Circus, Holborn, Leicester Square
  Holborn -> Tottenham Court Road, Russell Square, Covent Garden
  Covent Garden -> Holborn, Leicester Square
  Leicester Square -> Tottenham Court Road, Covent Garden, Piccadilly Circus, Charing Cross
      lying here: Evening Standard (#2)
  Piccadilly Circus -> Leicester Square, Oxford Circus, Charing Cross
  Charing Cross -> Leicester Square, Piccadilly Circus

Players, in turn order:
  alice in Camden Town, carrying red primary (#3); 0 brownie points, 0 points of Puissance, 0 demerits
  bob in Mornington Crescent, carrying nothing; 0 brownie points, 0 points of Puissance, 0 demerits

Roster of Quests (1; the active player may create one):
  the red Quest "Lost Property": home Camden Town, locate Euston, goal King's Cross St. Pancras; worth 1 point of Puissance (created by alice)
\`\`\`

## Checking the dice

This game's dice are manual: there is no seed to check. The Administrator supplied each result above (from physical dice or a dice server), as the log records it.

To check that each result follows from the numbers supplied: the game's page, "Check the dice", or referee verify g.`;
