import type { HallRow, IdAllocator, RankRow, SeatRow, SeedTables } from './tables';

/** One row of seats as the seat plan shows it; rank is decided per row (as in most venues). */
export interface SeatRowModel {
  sectionId: number;
  sectionName: string;
  rowNr: number;
  rankId: number;
  seats: SeatRow[];
}

/** A hall as the later generators need it: its ranks and, for reserved seating, its rows of seats. */
export interface HallModel {
  hall: HallRow;
  /** Best (most expensive) first. */
  ranks: RankRow[];
  rows: SeatRowModel[];
  seatCount: number;
}

interface RowSpec {
  rowNr: number;
  seatNrs: number[];
  rank: number;
  /** Added to every seat's quality: how good the row is (distance to the stage). */
  rowPenalty: number;
}

interface SectionSpec {
  name: string;
  rows: RowSpec[];
}

export interface HallSpec {
  name: string;
  address: string;
  zip: string;
  city: string;
  phone: string;
  url: string;
  seating: 'reserved' | 'general';
  /** For general admission; reserved halls take their seat count. */
  capacity?: number;
  ranks: string[];
  sections: SectionSpec[];
}

/**
 * Seat numbers of one row split into blocks by aisles or stairways. Numbering jumps by `gap` at every
 * aisle, as many venues number across the aisle as if the missing seats were there.
 */
function numberedBlocks(blockSizes: number[], gap: number): number[] {
  const numbers: number[] = [];
  let next = 1;
  for (const [index, size] of blockSizes.entries()) {
    if (index > 0) next += gap;
    for (let i = 0; i < size; i += 1) numbers.push(next++);
  }
  return numbers;
}

function theatreSpec(): HallSpec {
  const parterre: RowSpec[] = [];
  for (let row = 1; row <= 22; row += 1) {
    const side = 7 + Math.floor(row / 6);
    const centre = 12 + Math.floor(row / 3);
    parterre.push({
      rowNr: row,
      seatNrs: numberedBlocks([side, centre, side], 2),
      rank: row <= 10 ? 0 : row <= 18 ? 1 : 2,
      rowPenalty: row * 10,
    });
  }
  const balkon1: RowSpec[] = [];
  for (let row = 1; row <= 8; row += 1) {
    balkon1.push({
      rowNr: row,
      seatNrs: numberedBlocks([8, 20, 8], 2),
      rank: row <= 3 ? 0 : row <= 6 ? 1 : 2,
      rowPenalty: 120 + row * 12,
    });
  }
  const balkon2: RowSpec[] = [];
  for (let row = 1; row <= 7; row += 1) {
    balkon2.push({
      rowNr: row,
      seatNrs: numberedBlocks([7, 16, 7], 2),
      rank: row <= 3 ? 2 : 3,
      rowPenalty: 260 + row * 14,
    });
  }
  const loges: RowSpec[] = [];
  for (let loge = 1; loge <= 6; loge += 1) {
    loges.push({ rowNr: loge, seatNrs: [1, 2, 3, 4], rank: 0, rowPenalty: 90 + loge * 5 });
  }
  return {
    name: 'Grote Zaal',
    address: 'Schouwburgplein 1',
    zip: '1017AB',
    city: 'Amsterdam',
    phone: '0205550100',
    url: 'https://demo.foyer.test/zalen/grote-zaal',
    seating: 'reserved',
    ranks: ['1e rang', '2e rang', '3e rang', '4e rang'],
    sections: [
      { name: 'Parterre', rows: parterre },
      { name: 'Loges', rows: loges },
      { name: 'Balkon 1', rows: balkon1 },
      { name: 'Balkon 2', rows: balkon2 },
    ],
  };
}

/** ≥ 20,000 seats: a floor in front of the stage (north end) and four tribunes with stairways. */
function arenaSpec(): HallSpec {
  const sections: SectionSpec[] = [];
  for (const [index, block] of ['A', 'B', 'C', 'D'].entries()) {
    const rows: RowSpec[] = [];
    for (let row = 1; row <= 25; row += 1) {
      rows.push({
        rowNr: row,
        seatNrs: numberedBlocks([18, 18], 2),
        rank: 0,
        rowPenalty: (Math.floor(index / 2) * 25 + row) * 8,
      });
    }
    sections.push({ name: `Vloer ${block}`, rows });
  }
  const tribunes: [string, number, number][] = [
    // name, seats per row, distance of the tribune to the stage
    ['Tribune Oost', 170, 150],
    ['Tribune West', 170, 150],
    ['Tribune Zuid', 110, 300],
    ['Tribune Noord', 110, 500],
  ];
  for (const [name, perRow, distance] of tribunes) {
    const rows: RowSpec[] = [];
    const blockSize = 17;
    const blocks = Array.from({ length: Math.ceil(perRow / blockSize) }, (_, i) =>
      Math.min(blockSize, perRow - i * blockSize),
    );
    for (let row = 1; row <= 30; row += 1) {
      const behindStage = name === 'Tribune Noord';
      rows.push({
        rowNr: row,
        seatNrs: numberedBlocks(blocks, 3),
        rank: behindStage ? 3 : row <= 12 ? 1 : 2,
        rowPenalty: distance + row * 9,
      });
    }
    sections.push({ name, rows });
  }
  return {
    name: 'Arena',
    address: 'Arenapad 1',
    zip: '1101AX',
    city: 'Amsterdam',
    phone: '0205550200',
    url: 'https://demo.foyer.test/zalen/arena',
    seating: 'reserved',
    ranks: ['Vloer', 'Tribune laag', 'Tribune hoog', 'Zicht beperkt'],
    sections,
  };
}

function generalSpec(name: string, capacity: number, rank: string, place: Partial<HallSpec>): HallSpec {
  return {
    name,
    address: '',
    zip: '',
    city: '',
    phone: '',
    url: '',
    ...place,
    seating: 'general',
    capacity,
    ranks: [rank],
    sections: [{ name: 'Zaal', rows: [] }],
  };
}

function havenzaalSpec(): HallSpec {
  const zaal: RowSpec[] = [];
  for (let row = 1; row <= 14; row += 1) {
    zaal.push({ rowNr: row, seatNrs: numberedBlocks([10, 10], 1), rank: row <= 8 ? 0 : 1, rowPenalty: row * 10 });
  }
  const balkon: RowSpec[] = [];
  for (let row = 1; row <= 4; row += 1) {
    balkon.push({ rowNr: row, seatNrs: numberedBlocks([16], 0), rank: 1, rowPenalty: 160 + row * 10 });
  }
  return {
    name: 'Havenzaal',
    address: 'Kade 12',
    zip: '3011AA',
    city: 'Rotterdam',
    phone: '0105550300',
    url: 'https://harbour.foyer.test/havenzaal',
    seating: 'reserved',
    ranks: ['Rang 1', 'Rang 2'],
    sections: [
      { name: 'Zaal', rows: zaal },
      { name: 'Balkon', rows: balkon },
    ],
  };
}

export function demoHallSpecs(): { theatre: HallSpec; arena: HallSpec; club: HallSpec; foyer: HallSpec } {
  return {
    theatre: theatreSpec(),
    arena: arenaSpec(),
    club: generalSpec('Kleine Zaal (staand)', 1500, 'Staanplaats', {
      address: 'Schouwburgplein 3',
      zip: '1017AB',
      city: 'Amsterdam',
      phone: '0205550150',
      url: 'https://demo.foyer.test/zalen/kleine-zaal',
    }),
    // Passes, vouchers, packages and merchandise are sold "in" the foyer: a hall without seats.
    foyer: generalSpec('Foyer & Webshop', 100_000, 'Standaard', {
      address: 'Schouwburgplein 1',
      zip: '1017AB',
      city: 'Amsterdam',
    }),
  };
}

export function harbourHallSpecs(): { hall: HallSpec; loods: HallSpec } {
  return {
    hall: havenzaalSpec(),
    loods: generalSpec('Loods 5', 600, 'Staanplaats', {
      address: 'Kade 20',
      zip: '3011AB',
      city: 'Rotterdam',
      phone: '0105550320',
      url: 'https://harbour.foyer.test/loods-5',
    }),
  };
}

/** Writes the hall, its ranks, sections and seats with explicit ids. */
export function buildHall(spec: HallSpec, clientId: number, ids: IdAllocator, tables: SeedTables): HallModel {
  const hallId = ids.take('halls');
  const ranks = spec.ranks.map(
    (name, index): RankRow => ({
      id: ids.take('ranks'),
      hall_id: hallId,
      name,
      position: index + 1,
    }),
  );
  tables.ranks.push(...ranks);
  const rows: SeatRowModel[] = [];
  let seatCount = 0;
  for (const [sectionIndex, section] of spec.sections.entries()) {
    const sectionId = ids.take('sections');
    tables.sections.push({ id: sectionId, hall_id: hallId, name: section.name, position: sectionIndex + 1 });
    for (const row of section.rows) {
      const rank = ranks[row.rank];
      if (!rank) throw new Error(`hall ${spec.name}: row ${row.rowNr} has no rank ${row.rank}`);
      const centre = (row.seatNrs.length - 1) / 2;
      const seats = row.seatNrs.map(
        (seatNr, index): SeatRow => ({
          id: ids.take('seats'),
          hall_id: hallId,
          section_id: sectionId,
          row_nr: row.rowNr,
          seat_nr: seatNr,
          rank_id: rank.id,
          quality: row.rowPenalty + Math.round(Math.abs(index - centre)),
        }),
      );
      tables.seats.push(...seats);
      seatCount += seats.length;
      rows.push({ sectionId, sectionName: section.name, rowNr: row.rowNr, rankId: rank.id, seats });
    }
  }
  const hall: HallRow = {
    id: hallId,
    client_id: clientId,
    name: spec.name,
    address: spec.address,
    zip: spec.zip,
    city: spec.city,
    phone: spec.phone,
    url: spec.url,
    seating: spec.seating,
    capacity: spec.seating === 'reserved' ? seatCount : (spec.capacity ?? 0),
  };
  tables.halls.push(hall);
  return { hall, ranks, rows, seatCount };
}
