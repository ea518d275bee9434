import FuzzSupport

FuzzDriver.main(.ink)
