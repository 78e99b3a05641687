// placeholder until the Raster module lands
public enum RasterPlaceholder {}
