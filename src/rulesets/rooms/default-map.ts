// The map a `rooms` game uses when no map file is given: fifteen stations of the London Underground around
// Mornington Crescent, joined where a line (or, for Camden Town and Euston, the Northern line's other branch)
// runs between them. Everyone starts at Mornington Crescent, which no Quest may use (rule 142).
import type { MapFile } from './map.js';

export const DEFAULT_MAP: MapFile = {
  title: 'Around Mornington Crescent (London Underground)',
  start: 'Mornington Crescent',
  actionsPerTurn: 3,
  rooms: [
    'Mornington Crescent',
    'Camden Town',
    'Kentish Town',
    'Euston',
    "King's Cross St. Pancras",
    'Russell Square',
    'Warren Street',
    'Goodge Street',
    'Oxford Circus',
    'Tottenham Court Road',
    'Holborn',
    'Covent Garden',
    'Leicester Square',
    'Piccadilly Circus',
    'Charing Cross',
  ],
  passages: [
    ['Kentish Town', 'Camden Town'],
    ['Camden Town', 'Mornington Crescent'],
    ['Mornington Crescent', 'Euston'],
    ['Camden Town', 'Euston'],
    ['Euston', "King's Cross St. Pancras"],
    ['Euston', 'Warren Street'],
    ['Warren Street', 'Goodge Street'],
    ['Goodge Street', 'Tottenham Court Road'],
    ['Warren Street', 'Oxford Circus'],
    ['Oxford Circus', 'Tottenham Court Road'],
    ['Tottenham Court Road', 'Holborn'],
    ['Tottenham Court Road', 'Leicester Square'],
    ["King's Cross St. Pancras", 'Russell Square'],
    ['Russell Square', 'Holborn'],
    ['Holborn', 'Covent Garden'],
    ['Covent Garden', 'Leicester Square'],
    ['Leicester Square', 'Piccadilly Circus'],
    ['Leicester Square', 'Charing Cross'],
    ['Oxford Circus', 'Piccadilly Circus'],
    ['Piccadilly Circus', 'Charing Cross'],
  ],
  tokens: [
    { name: 'umbrella', room: 'Oxford Circus' },
    { name: 'Evening Standard', room: 'Leicester Square' },
  ],
};
