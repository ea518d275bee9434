import FuzzSupport

FuzzDriver.main(.map)
