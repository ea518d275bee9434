import FuzzSupport

FuzzDriver.main(.source)
