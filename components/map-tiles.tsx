'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** A street tile layer for the console's maps (the server's MAP_TILE_URL, read per request); null: the bundled outlines alone. */
export interface MapTiles {
  url: string;
  attribution: string;
}

const MapTilesContext = createContext<MapTiles | null>(null);

/** Hands the server's tile configuration to every map below, so a deployment changes tiles without a rebuild. */
export function MapTilesProvider({ tiles, children }: { tiles: MapTiles | null; children: ReactNode }) {
  return <MapTilesContext.Provider value={tiles}>{children}</MapTilesContext.Provider>;
}

export const useMapTiles = (): MapTiles | null => useContext(MapTilesContext);
