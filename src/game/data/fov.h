/*
 * fov.h: field of view by symmetric shadowcasting.
 *
 * Albert Ford's symmetric shadowcasting, scanning rows outward in four
 * quadrants with exact rational slopes.  A floor cell is visible exactly
 * when the origin would be visible from it (symmetry), a wall is shown
 * when any part of it faces the origin through open space, and pillars
 * cast the shadows a player expects.  Symmetry is what makes "I can see
 * it, so it can see me" hold between the player and a monster.
 */
#ifndef ASTRAY_FOV_H
#define ASTRAY_FOV_H

/*
 * Calls see(ctx, x, y) once for every cell within radius (Euclidean,
 * a cell counts when dx*dx + dy*dy <= radius*radius + radius) visible
 * from (ox, oy), the origin included; opaque(ctx, x, y) says which cells
 * block sight (cells outside the map must be opaque).
 */
void	 fov_compute(int ox, int oy, int radius,
	     int (*opaque)(void *ctx, int x, int y),
	     void (*see)(void *ctx, int x, int y), void *ctx);

#endif
